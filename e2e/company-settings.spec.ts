/**
 * 企業設定 by clicks: the theme switches the logo at once; turning 2要素認証 required on shows who has not set
 * it up, and after confirming, such a member is sent to the MFA setup at the next sign-in. Everything is put
 * back at the end (the demo data is shared by the other specs).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, submitLogin } from './support/auth.ts';

async function openSettings(page: Page) {
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '企業設定' })
    .click();
  await expect(page).toHaveTitle('企業設定 | クラウドサイン');
  await expect(page.getByLabel('企業名')).toHaveValue('株式会社サンプル商事');
}

async function confirmChange(page: Page) {
  await page.getByRole('button', { name: '変更内容を確認', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '設定の変更内容の確認' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an admin switches the theme, requires MFA after the preview, and a member is sent to MFA setup', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.goto('/login?return_to=%2Fcabinets');
  await submitLogin(page, DEMO.admin);
  await expect(page.getByRole('img', { name: 'クラウドサイン', exact: true })).toBeVisible();
  await openSettings(page);
  await expect(page.getByRole('switch', { name: '監査ログ' })).toBeEnabled();

  // Theme: the other logo at once.
  await page.getByRole('radio', { name: 'SMBCクラウドサイン' }).check();
  let dialog = await confirmChange(page);
  await expect(dialog.getByRole('list', { name: '変更する項目' })).toContainText(
    'テーマ: SMBCクラウドサイン',
  );
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('企業設定を変更しました。')).toBeVisible();
  await expect(page.getByRole('img', { name: 'SMBCクラウドサイン' })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/company-settings-smbc.png' });

  // MFA required: the preview names members without MFA, including the demo member.
  await page.getByRole('switch', { name: '2要素認証を必須にする' }).click();
  dialog = await confirmChange(page);
  const without = dialog.getByRole('list', { name: '2要素認証を設定していないメンバー' });
  await expect(without).toContainText(DEMO.member);
  await expect(
    dialog.getByRole('heading', { name: /2要素認証を設定していないメンバー: \d+名/ }),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/company-settings-mfa-preview.png' });
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('企業設定を変更しました。')).toBeVisible();

  // The member signs in elsewhere and is sent to the MFA setup.
  const other = await browser.newContext();
  const memberPage = await other.newPage();
  await memberPage.goto('/login');
  await submitLogin(memberPage, DEMO.member);
  await expect(memberPage).toHaveURL(/\/mfa\/setup/);
  await expect(memberPage.getByRole('heading', { name: '2要素認証の設定' })).toBeVisible();
  await other.close();

  // Put everything back by the same clicks.
  await page.getByRole('radio', { name: 'クラウドサイン', exact: true }).check();
  await page.getByRole('switch', { name: '2要素認証を必須にする' }).click();
  dialog = await confirmChange(page);
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByRole('img', { name: 'クラウドサイン', exact: true })).toBeVisible();
});

test('a member without 組織管理権限 has no 企業設定 in the navigation', async ({ page }) => {
  await page.goto('/login?return_to=%2Fcabinets');
  await submitLogin(page, DEMO.member);
  await expect(page.locator('[data-layout]').first()).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: 'キャビネット' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: '企業設定' })).toHaveCount(0);
});

test('an admin keeps the audit log 7 years: fewer than 5 is refused in words, the change shows in the preview', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login?return_to=%2Fcabinets');
  await submitLogin(page, DEMO.admin);
  await openSettings(page);
  const years = page.getByRole('textbox', { name: '監査ログの保存期間（年）' });
  await expect(years).toHaveValue('5年');

  await years.fill('4');
  await page.getByRole('button', { name: '変更内容を確認', exact: true }).click();
  await expect(
    page.getByText(
      '「監査ログの保存期間（年）」は5年以上にしてください。監査ログは少なくとも5年保存します。',
    ),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A name carrying a right-to-left override (it would show 「株式会社トステ」 in mails) is refused on its field,
  // in the contract's words, before anything is previewed.
  const name = page.getByRole('textbox', { name: '企業名' });
  const original = await name.inputValue();
  await name.fill('株式会社\u202Eテスト');
  await page.getByRole('button', { name: '変更内容を確認', exact: true }).click();
  await expect(
    page.getByText('企業名に、表示を偽装できる見えない文字（U+202E）は使えません。'),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await name.fill(original);

  await years.fill('7');
  let dialog = await confirmChange(page);
  await expect(dialog.getByRole('list', { name: '変更する項目' })).toContainText(
    '監査ログの保存期間（年）: 7年',
  );
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('企業設定を変更しました。')).toBeVisible();
  await page.getByRole('button', { name: '最新の設定を読み込む' }).click();
  await expect(years).toHaveValue('7年');

  // Put it back for the other specs.
  await years.fill('5');
  dialog = await confirmChange(page);
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('企業設定を変更しました。')).toBeVisible();
  await expect(years).toHaveValue('5年');
});
