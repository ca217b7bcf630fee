/**
 * 企業設定 › プロビジョニング by clicks: an admin creates a SCIM token, reads its secret once (copyable, gone
 * once the dialog closes), sees it listed as 有効 and 未使用, and revokes it after confirming. Retry-safe: a
 * token left active by an earlier try is revoked first, and each try names its own.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, submitLogin } from './support/auth.ts';

const E2E_PREFIX = 'E2E トークン';

async function revoke(page: Page, name: string) {
  await page.getByRole('button', { name: `${name}を無効化` }).click();
  const dialog = page.getByRole('dialog', { name: 'トークンの無効化' });
  await expect(dialog).toContainText(`「${name}」を無効化します。`);
  await dialog.getByRole('button', { name: '無効化する' }).click();
  await expect(dialog).toBeHidden();
}

test('an admin creates a SCIM token, sees its secret once and revokes it', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login?return_to=%2Fcabinets');
  await submitLogin(page, DEMO.admin);
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '企業設定' })
    .click();
  await expect(page).toHaveTitle('企業設定 | クラウドサイン');
  await page.getByRole('link', { name: 'プロビジョニング' }).click();
  await expect(page).toHaveTitle('プロビジョニング | クラウドサイン');
  await expect(page.getByLabel('SCIM のベース URL')).toHaveText(/\/scim\/v2$/);

  const tokens = page.getByRole('table', { name: 'SCIM トークン' });
  // A token an earlier try left active.
  for (const left of await page
    .getByRole('button', { name: new RegExp(`^${E2E_PREFIX}.*を無効化$`) })
    .all()) {
    const label = (await left.getAttribute('aria-label'))!;
    await revoke(page, label.replace(/を無効化$/, ''));
  }

  const name = `${E2E_PREFIX} ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: '作成', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'SCIM トークンの作成' });
  // A blank name is refused in Japanese before anything is sent.
  await dialog.getByRole('button', { name: '作成する' }).click();
  await expect(dialog.getByText('トークン名を入力してください。')).toBeVisible();
  await dialog.getByLabel('トークン名').fill(name);
  await dialog.getByRole('button', { name: '作成する' }).click();
  const secret = dialog.getByLabel('作成したトークン');
  await expect(secret).toHaveText(/^csscim_[A-Za-z0-9_-]{43}$/);
  const shown = (await secret.textContent())!;
  await expect(dialog.getByText('このトークンは今だけ表示されます')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'トークンをコピー' })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/provisioning-token-secret.png' });
  await dialog.getByRole('button', { name: '控えたので閉じる' }).click();
  await expect(dialog).toBeHidden();

  // Listed, active and unused; the secret is nowhere on the page any more.
  const row = tokens.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('有効');
  await expect(row).toContainText('未使用');
  await expect(page.getByText(shown)).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/provisioning-page.png' });

  await revoke(page, name);
  await expect(row).toContainText('無効（');
  await expect(page.getByRole('button', { name: `${name}を無効化` })).toHaveCount(0);
});
