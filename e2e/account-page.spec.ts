/**
 * アカウント設定 by clicks (issue 32): a member opens it from the user menu, ends the session of his other
 * browser, which is then sent to the login page with 「ログアウトされました」, and changes his password. The
 * member is invited afresh on each run (the demo logins keep their password for the other specs), so a second
 * run meets the same state.
 */
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { authenticator } from 'otplib';
import { DEMO, login, submitLogin } from './support/auth.ts';
import { mainNav } from './support/journeys.ts';
import { linkPath, newestMailTo } from './support/outbox.ts';
import { API_URL } from './playwright.config.ts';

const FIRST_PASSWORD = 'Yama-no-Ue-2026';
const NEW_PASSWORD = 'Kawa-no-Nagare-2026';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The admin invites a member of his own (the test's data, written through the api as the page would). */
async function inviteMember(page: Page, email: string) {
  await login(page, DEMO.admin);
  const jwt = await page.evaluate(async () => {
    const res = await fetch('/api/token/jwt', {
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    return ((await res.json()) as { jwt: string }).jwt;
  });
  const res = await page.request.post(`${API_URL}/users`, {
    headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
    data: JSON.stringify({ email, name: '設定 太郎' }),
  });
  expect(res.status()).toBe(201);
  await expect
    .poll(async () => (await newestMailTo(email))?.text ?? '')
    .toMatch(/\/password_setup\//);
  return linkPath((await newestMailTo(email))!, 'password_setup')!;
}

async function openAccount(page: Page) {
  await page.getByRole('button', { name: /ユーザーメニュー/ }).click();
  await page.getByRole('menuitem', { name: 'アカウント設定' }).click();
  await expect(page).toHaveTitle('アカウント設定 | クラウドサイン');
  await expect(page.getByRole('heading', { level: 1, name: 'アカウント設定' })).toBeVisible();
}

async function changePassword(page: Page, from: string, to: string) {
  const section = page.getByRole('region', { name: 'パスワードの変更' });
  await section.getByLabel('現在のパスワード').fill(from);
  await section.getByLabel('新しいパスワード', { exact: true }).fill(to);
  await section.getByLabel('新しいパスワード（確認）').fill(to);
  await section.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(section.getByRole('status')).toContainText('パスワードを変更しました。');
}

/** The authenticator: reads the QR code on the screen and answers its current code. */
async function codeFromQr(page: Page) {
  const qr = page.getByRole('img', { name: '認証アプリで読み取る QR コード' });
  await expect(qr).toBeVisible();
  const png = PNG.sync.read(await qr.screenshot());
  const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(read?.data).toMatch(/^otpauth:\/\/totp\//);
  return authenticator.generate(new URL(read!.data).searchParams.get('secret')!);
}

test('a member ends his other browser from アカウント設定 and changes his password', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `account-${Date.now().toString(36)}@example.com`;
  const link = await inviteMember(page, email);

  // The member sets his password from the mail and is signed in.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const member = await memberContext.newPage();
  await member.goto(link);
  await member.getByLabel('新しいパスワード', { exact: true }).fill(FIRST_PASSWORD);
  await member.getByLabel('新しいパスワード（確認）').fill(FIRST_PASSWORD);
  await member.getByRole('button', { name: 'パスワードを設定する' }).click();
  await expect(member.locator('[data-layout]').first()).toBeVisible();

  // His other browser (another context, another browser name) signs in too.
  const otherContext = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  const other = await otherContext.newPage();
  await other.goto('/login');
  await submitLogin(other, email, FIRST_PASSWORD);
  await expect(other.locator('[data-layout]').first()).toBeVisible();

  await openAccount(member);
  await expect(member.getByRole('textbox', { name: 'メールアドレス' })).toHaveValue(email);
  const sessions = member.getByRole('table', { name: 'ログイン中のセッション' });
  await expect(sessions.getByText('この端末')).toBeVisible();
  await member.screenshot({ path: 'test-results/account-page.png', fullPage: true });

  // The list names the other browser in words; the member ends it.
  const otherRow = sessions.getByRole('row', { name: /Firefox（Windows）/ });
  await expect(otherRow).toBeVisible();
  await otherRow.getByRole('button', { name: /このセッションを終了/ }).click();
  await expect(otherRow).toHaveCount(0);

  // The other browser's next click finds its session ended: the login page says so, return_to kept.
  await mainNav(other).getByRole('link', { name: '書類', exact: true }).click();
  await expect(other).toHaveURL(/\/login\?return_to=[^&]+&notice=logged_out/);
  await expect(
    other.getByText('ログアウトされました。もう一度ログインしてください。'),
  ).toBeVisible();
  await otherContext.close();

  // A wrong current password is told on its field and changes nothing.
  const section = member.getByRole('region', { name: 'パスワードの変更' });
  await section.getByLabel('現在のパスワード').fill('not-the-passw0rd');
  await section.getByLabel('新しいパスワード', { exact: true }).fill(NEW_PASSWORD);
  await section.getByLabel('新しいパスワード（確認）').fill(NEW_PASSWORD);
  await section.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(section.getByText('現在のパスワードが正しくありません。')).toBeVisible();

  await changePassword(member, FIRST_PASSWORD, NEW_PASSWORD);

  // 2要素認証: set up by the QR code, then re-registered with a backup code as the proof.
  const mfa = member.getByRole('region', { name: '2要素認証' });
  await mfa.getByRole('button', { name: '2要素認証を設定' }).click();
  await mfa.getByLabel('新しい認証アプリの確認コード（6桁）').fill(await codeFromQr(member));
  await mfa.getByRole('button', { name: '設定する' }).click();
  const codes = mfa.getByRole('list', { name: 'バックアップコード' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().innerText()).trim();
  await expect(mfa.getByRole('link', { name: 'テキストファイルでダウンロード' })).toBeVisible();
  // On paper: the codes and whose they are, nothing else of the console.
  await member.emulateMedia({ media: 'print' });
  const printed = member.getByRole('list', { name: 'バックアップコード' }).getByRole('listitem');
  await expect(printed).toHaveCount(10);
  await expect(member.getByText(/2要素認証のバックアップコード（.+@/)).toBeVisible();
  await expect(member.getByRole('navigation')).toHaveCount(0);
  await expect(member.getByRole('button', { name: '印刷' })).toHaveCount(0);
  await member.emulateMedia({ media: 'screen' });

  await member.reload();
  await mfa.getByRole('button', { name: '2要素認証を再設定' }).click();
  await mfa.getByLabel('新しい認証アプリの確認コード（6桁）').fill(await codeFromQr(member));
  await mfa
    .getByLabel('現在の認証アプリの確認コード、またはバックアップコード')
    .fill('ZZZZZ-ZZZZZ');
  await mfa.getByRole('button', { name: '再設定する' }).click();
  await expect(
    mfa.getByText('現在の確認コードが正しくないか、すでに使用されています。'),
  ).toBeVisible();
  await mfa.getByLabel('現在の認証アプリの確認コード、またはバックアップコード').fill(backupCode);
  await mfa.getByRole('button', { name: '再設定する' }).click();
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).not.toHaveText(backupCode);
  await member.screenshot({ path: 'test-results/account-page-mfa.png', fullPage: true });
  await memberContext.close();
});
