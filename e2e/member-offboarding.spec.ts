/**
 * Offboarding by clicks: a member who administers a cabinet is deleted; the dialog shows the cabinet and asks
 * for a successor (移管先), and afterwards the cabinet's admin list names the successor instead.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/auth.ts';
import { mainNav, startAt } from './support/journeys.ts';

const SUCCESSOR = 'auditor@example.com';

const adminsPanel = (page: Page) =>
  page
    .locator('.mantine-Paper-root')
    .filter({ has: page.getByRole('heading', { name: '管理者', exact: true }) });

async function openCabinetSettings(page: Page, name: string) {
  await mainNav(page).getByRole('link', { name: 'キャビネット' }).click();
  await page
    .getByTestId('cabinet-row')
    .filter({ hasText: name })
    .getByRole('link', { name })
    .click();
  await expect(page).toHaveTitle(`${name} | クラウドサイン`);
  await page.getByRole('tab', { name: '閲覧・管理の設定' }).click();
  return adminsPanel(page);
}

test('deleting a cabinet admin asks for a successor, who then administers the cabinet', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const email = `e2e-offboard-${stamp}@example.com`;
  const cabinet = `E2E 引き継ぎ ${stamp}`;
  await startAt(page, DEMO.admin);

  // A new member, made the admin of a new cabinet.
  await mainNav(page).getByRole('link', { name: 'メンバー', exact: true }).click();
  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  const create = page.getByRole('dialog', { name: 'メンバーを追加' });
  await create.getByLabel('メールアドレス').fill(email);
  await create.getByLabel('氏名').fill('退職 予定');
  await create.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText(/パスワード設定メールを送信しました。/)).toBeVisible();
  // The new member's drawer opens (a navigation: it lives in the URL); Escape closes it once it is there.
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await mainNav(page).getByRole('link', { name: 'キャビネット' }).click();
  await page.getByRole('button', { name: 'キャビネットを作成' }).click();
  const dialog = page.getByRole('dialog', { name: 'キャビネットを作成' });
  await dialog.getByLabel('キャビネット名').fill(cabinet);
  await dialog.getByRole('button', { name: '作成する' }).click();
  await expect(page.getByText(`キャビネット「${cabinet}」を作成しました。`)).toBeVisible();
  let admins = await openCabinetSettings(page, cabinet);
  await admins.getByLabel('管理者を追加').fill(email);
  await admins
    .getByTestId('admin-candidate')
    .getByRole('button', { name: /管理者にする/ })
    .click();
  await expect(admins.getByTestId('admin-row')).toHaveCount(1);
  await expect(admins.getByTestId('admin-row')).toContainText(email);

  // Delete them: the dialog names the cabinet and refuses to go on without a successor.
  await mainNav(page).getByRole('link', { name: 'メンバー', exact: true }).click();
  await page.getByRole('textbox', { name: 'キーワード' }).fill(email);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await page.getByTestId('member-row').first().click();
  await drawer.getByRole('button', { name: '削除' }).click();
  const confirm = page.getByRole('dialog', { name: 'メンバーを削除' });
  const holdings = confirm.getByTestId('member-holdings');
  await expect(holdings).toContainText(
    '管理しているキャビネット（1件）: 管理者の役割は移管先に移ります',
  );
  await expect(holdings).toContainText(`${cabinet}（ほかに管理者がいません）`);
  await expect(confirm.getByRole('button', { name: '削除する' })).toBeDisabled();
  await confirm.getByRole('textbox', { name: '移管先' }).fill(SUCCESSOR);
  await page.getByRole('option', { name: new RegExp(SUCCESSOR) }).click();
  await confirm.getByRole('button', { name: '移管して削除する' }).click();
  await expect(page.getByText('「退職 予定」を削除しました。')).toBeVisible();
  await expect(confirm).toBeHidden();

  // The cabinet's admin list now names the successor, and only them.
  admins = await openCabinetSettings(page, cabinet);
  await expect(admins.getByTestId('admin-row')).toHaveCount(1);
  await expect(admins.getByTestId('admin-row')).toContainText(SUCCESSOR);
  await page.screenshot({ path: 'e2e/.artifacts/member-offboarding.png' });
});
