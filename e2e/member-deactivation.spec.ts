/**
 * 利用停止 and 利用再開 by clicks: the admin deactivates a signed-in member, whose console loses access at its
 * next request and whose sign-in is refused in Japanese; the admin restores them and they sign in again.
 */
import { expect, test } from '@playwright/test';
import { DEMO, login, submitLogin } from './support/auth.ts';

test('an admin deactivates a member, who cannot sign in, then restores them, who can', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The member is signed in in their own browser.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await login(memberPage, DEMO.member);

  await login(page, DEMO.admin, '/company/members');
  await page.getByRole('textbox', { name: 'キーワード' }).fill(DEMO.member);
  await page.getByRole('button', { name: '検索' }).click();
  const rows = page.getByTestId('member-row');
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await drawer.getByRole('button', { name: '利用停止' }).click();
  const confirm = page.getByRole('dialog', { name: 'メンバーを利用停止' });
  await expect(confirm).toContainText('ログインできなくなります');
  await confirm.getByRole('button', { name: '利用停止する' }).click();
  await expect(drawer.getByText('利用停止', { exact: true })).toBeVisible();
  await expect(page.getByText(/を利用停止にしました。/)).toBeVisible();
  await expect(confirm).toBeHidden();
  await page.screenshot({ path: 'e2e/.artifacts/member-deactivated.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The list's status filter finds them under 利用停止.
  await page.getByRole('textbox', { name: 'キーワード' }).fill('');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).not.toHaveURL(/keyword=/);
  await expect(rows).toHaveCount(50);
  await page.getByRole('textbox', { name: '状態' }).click();
  await page.getByRole('option', { name: '利用停止', exact: true }).click();
  await expect(page).toHaveURL(/status=3/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(DEMO.member);

  // The member's open console loses its session at the next request: back to the login page.
  await memberPage.reload();
  await expect(memberPage.getByRole('button', { name: '次へ' })).toBeVisible();
  await submitLogin(memberPage, DEMO.member);
  await expect(
    memberPage.getByText(
      'このアカウントは利用停止中のためログインできません。企業の管理者にお問い合わせください。',
    ),
  ).toBeVisible();

  // 利用再開: the member signs in again with the same password.
  await rows.first().click();
  await drawer.getByRole('button', { name: '利用再開' }).click();
  await page
    .getByRole('dialog', { name: 'メンバーの利用再開' })
    .getByRole('button', { name: '利用再開する' })
    .click();
  await expect(drawer.getByText('有効', { exact: true })).toBeVisible();
  await submitLogin(memberPage, DEMO.member);
  await expect(memberPage.locator('[data-layout]').first()).toBeVisible();
  await memberContext.close();
});
