/**
 * Getting back in, by clicks: 「パスワードをお忘れの方」 on the login page, the mail in the outbox, a new
 * password, signed in; then the admin sends a reset from the console, the member's session ends, and the
 * mailed link (naming the admin) sets a new password again. The earlier link is dead by then.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, submitLogin } from './support/auth.ts';
import { mainNav, startAt } from './support/journeys.ts';
import { linkPath, newestMailTo } from './support/outbox.ts';

const FIXED: readonly string[] = [DEMO.admin, DEMO.member, 'auditor@example.com'];

/** An active member without MFA who is none of the demo logins other tests sign in with. */
async function pickMember(page: Page) {
  await mainNav(page).getByRole('link', { name: 'メンバー', exact: true }).click();
  await page.getByRole('textbox', { name: '状態' }).click();
  await page.getByRole('option', { name: '有効', exact: true }).click();
  // The list of both filters' answer: until it has come, the rows shown (not yet marked busy just after the
  // address changed, dimmed and busy after) are the previous filter's, and a member read from them may have MFA.
  const filtered = page.waitForResponse(
    (r) =>
      r.request().method() === 'GET' &&
      /[?&]mfa=2(&|$)/.test(r.url()) &&
      /[?&]status=1(&|$)/.test(r.url()),
  );
  await page.getByRole('textbox', { name: '2要素認証' }).click();
  await page.getByRole('option', { name: '2要素認証: 無効', exact: true }).click();
  await expect(page).toHaveURL(/status=1/);
  await expect(page).toHaveURL(/mfa=2/);
  expect((await filtered).status()).toBe(200);
  await expect(page.getByTestId('member-rows')).not.toHaveAttribute('aria-busy', 'true');
  const rows = page.getByTestId('member-row');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) {
    const email = /[\w.+-]+@example\.com/.exec(text)?.[0];
    if (email && !FIXED.includes(email)) return email;
  }
  throw new Error('no active member without MFA in the first page');
}

async function mailLink(to: string, after: string | null) {
  await expect
    .poll(async () => (await newestMailTo(to))?.file ?? null, { timeout: 30_000 })
    .not.toBe(after);
  const mail = (await newestMailTo(to))!;
  return { mail, path: linkPath(mail, 'password_reset')! };
}

async function setPassword(page: Page, password: string) {
  await page.getByLabel('新しいパスワード', { exact: true }).fill(password);
  await page.getByLabel('新しいパスワード（確認）').fill(password);
  await page.getByRole('button', { name: 'パスワードを変更してログイン' }).click();
  await expect(page.locator('[data-layout]').first()).toBeVisible();
}

test('forgot password through the outbox, then a reset sent by the admin', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await startAt(page, DEMO.admin);
  const email = await pickMember(page);
  const before = (await newestMailTo(email))?.file ?? null;

  // The member asks for a link from the login page.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto('/login');
  await member.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(member.getByRole('heading', { name: 'パスワードの再設定' })).toBeVisible();
  await member.getByLabel('メールアドレス').fill(email);
  await member.getByRole('button', { name: '再設定メールを送る' }).click();
  await expect(
    member.getByText(
      '入力されたメールアドレスが登録されている場合は、パスワード再設定用のリンクをお送りしました。',
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  const first = await mailLink(email, before);
  expect(first.mail.subject).toBe('【クラウドサイン】パスワード再設定のご案内');
  expect(first.mail.text).toContain('60分');
  await member.goto(first.path);
  await setPassword(member, 'Sora-wo-Miru-2026');

  // The same link is single use.
  await member.goto(first.path);
  await expect(member.getByRole('heading', { name: 'このリンクは使えません' })).toBeVisible();
  // Signed out, the new password signs in.
  await memberContext.clearCookies();
  await member.goto('/login');
  await submitLogin(member, email, 'Sora-wo-Miru-2026');
  await expect(member.locator('[data-layout]').first()).toBeVisible();

  // The admin sends a reset from the console: the member's browser is signed out, the mail names the admin.
  await page.getByRole('textbox', { name: 'キーワード' }).fill(email);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await page.getByTestId('member-row').first().click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await drawer.getByRole('button', { name: 'パスワード再設定メールを送る' }).click();
  await page
    .getByRole('dialog', { name: 'パスワード再設定メールを送る' })
    .getByRole('button', { name: '送信する' })
    .click();
  await expect(page.getByText(/にパスワード再設定メールを送りました。/)).toBeVisible();
  const second = await mailLink(email, first.mail.file);
  expect(second.mail.text).toContain('企業の管理者が、あなたのパスワードの再設定を依頼しました。');
  expect(second.mail.text).toContain('依頼した管理者:\n> 管理 太郎\n');
  // Signed out: the console sends the browser back to the login page, which asks for the email first.
  await member.reload();
  await expect(member.getByRole('button', { name: '次へ' })).toBeVisible();
  await member.goto(second.path);
  await setPassword(member, 'Umi-wo-Miru-2026');
  await memberContext.close();
});
