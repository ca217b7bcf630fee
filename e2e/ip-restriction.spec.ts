/**
 * 企業設定 › IPアドレス制限 by clicks (issue 34): an admin sets a list, reads its impact (who signed in from
 * outside it in 30 days, by name, address and time), is refused 制限する that would lock himself out, saves
 * 記録のみ and keeps working, then puts the setting back to 無効. Retry-safe: it clears whatever list a previous
 * try left before building its own.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, submitLogin } from './support/auth.ts';

async function openSection(page: Page) {
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '企業設定' })
    .click();
  await expect(page).toHaveTitle('企業設定 | クラウドサイン', { timeout: 60_000 });
  const section = page.getByRole('region', { name: 'IPアドレス制限' });
  await expect(section.getByText('いまお使いのIPアドレス:')).toBeVisible({ timeout: 60_000 });
  return section;
}

async function clearRanges(section: Locator) {
  const list = section.getByRole('group', { name: 'コンソール（画面とAPI）で許可するIPアドレス' });
  const remove = list.getByRole('button', { name: /を削除$/ });
  while ((await remove.count()) > 0) await remove.first().click();
  await expect(list.getByText('許可するIPアドレス（0件）')).toBeVisible();
}

async function previewAndSave(section: Locator) {
  await section.getByRole('button', { name: '影響を確認' }).click();
  const impact = section.getByRole('region', { name: '変更の影響' });
  await expect(impact).toBeVisible();
  await impact.getByRole('button', { name: 'この内容で保存' }).click();
}

test('an admin sets a list, reads the impact, is kept from locking himself out, and tries 記録のみ', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login?return_to=%2Fcabinets');
  await submitLogin(page, DEMO.admin);
  // A busy machine answers the first screen's reads slowly: wait for the layout longer than usual.
  await expect(page.locator('[data-layout]').first()).toBeVisible({ timeout: 60_000 });
  const section = await openSection(page);
  const mode = (name: string) => section.getByText(name, { exact: true }).click();

  // A previous try may have left its list: start from none.
  await clearRanges(section);

  // A range that is not a network's first address is refused with the one it probably means.
  await mode('記録のみ');
  await section.getByRole('button', { name: 'IPアドレスを追加' }).click();
  await section.getByLabel('IPアドレス（CIDR）1').fill('203.0.113.5/24');
  await section.getByLabel('メモ1').fill('本社');
  await section.getByRole('button', { name: '影響を確認' }).click();
  await expect(
    section
      .getByText(
        '「203.0.113.5/24」はネットワークの先頭のアドレスではありません。203.0.113.0/24 のように入力してください。',
      )
      .first(),
  ).toBeVisible();

  // The impact: the admin himself signed in from the loopback, outside 203.0.113.0/24.
  await section.getByLabel('IPアドレス（CIDR）1').fill('203.0.113.0/24');
  await section.getByRole('button', { name: '影響を確認' }).click();
  const impact = section.getByRole('region', { name: '変更の影響' });
  await expect(impact.getByRole('status')).toContainText(
    /この設定では、過去30日にログインした[1-9]\d*名が許可されていないIPアドレスから利用していました/,
  );
  const who = impact.getByRole('table', { name: '許可されていないIPアドレスから利用したメンバー' });
  await expect(who.getByRole('row').filter({ hasText: DEMO.admin })).toHaveCount(1);
  await expect(who.getByRole('row').filter({ hasText: DEMO.admin })).toContainText(
    /127\.0\.0\.1|::1/,
  );
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/.artifacts/ip-restriction-impact.png' });

  // 制限する would lock the admin out: refused, in Japanese, with his address.
  await mode('制限する');
  await previewAndSave(section);
  await expect(section.getByRole('alert').first()).toContainText('現在お使いのIPアドレス（');
  await expect(section.getByRole('alert').first()).toContainText('保存できません');

  // 記録のみ saves, and the console goes on working from outside the list.
  await mode('記録のみ');
  await previewAndSave(section);
  await expect(section.getByText('IPアドレス制限を保存しました。')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'メンバー', exact: true })
    .click();
  await expect(page).toHaveTitle(/^メンバー/, { timeout: 60_000 });
  await expect(page.getByText('アクセスが制限されています')).toHaveCount(0);

  // Put it back: 無効 and no list.
  const again = await openSection(page);
  await expect(again.getByLabel('IPアドレス（CIDR）1')).toHaveValue('203.0.113.0/24');
  await again.getByText('無効', { exact: true }).click();
  await clearRanges(again);
  await previewAndSave(again);
  await expect(again.getByText('IPアドレス制限を保存しました。')).toBeVisible();
});
