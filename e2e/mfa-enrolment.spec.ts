/**
 * MFA enrolment by clicks, as a person does it in a minute: invited to a company that requires MFA (and uses
 * the SMBC theme), the member sets a password from the mail, is signed in and sent to the setup page, reads
 * its QR code with an authenticator (here: decoded from a screenshot with jsqr, the code computed with otplib),
 * and keeps the backup codes (download, copy). The company's settings are put back at the end.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { authenticator } from 'otplib';
import type { TCompanySettings } from '@cloudsign/contract';
import { DEMO, login } from './support/auth.ts';
import { linkPath, newestMailTo } from './support/outbox.ts';
import { API_URL } from './playwright.config.ts';

const ARTIFACTS = new URL('./.artifacts/', import.meta.url).pathname;

/** One token of the admin's session, kept: requiring MFA must not stop the admin putting things back. */
async function adminToken(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/token/jwt', {
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    return ((await res.json()) as { jwt: string }).jwt;
  });
}

async function api<T>(page: Page, jwt: string, method: string, path: string, body?: unknown) {
  const res = await page.request.fetch(`${API_URL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${jwt}`,
      ...(body ? { 'Content-Type': 'application/json', 'If-Match': '*' } : {}),
    },
    data: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status(), body: (await res.json()) as T };
}

const settingsBody = (
  s: TCompanySettings,
  over: { mfa: boolean; theme: TCompanySettings['theme'] },
) => ({
  name: s.name,
  theme: over.theme,
  flags: { ...s.flags, mfa: over.mfa },
});

test('an invited member enrols in MFA by its QR code and keeps the backup codes', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  await login(page, DEMO.otherAdmin, '/company/members');
  const jwt = await adminToken(page);
  const { body: before } = await api<{ settings: TCompanySettings }>(
    page,
    jwt,
    'GET',
    '/company/settings',
  );
  const original = before.settings;
  const email = `mfa-${Date.now().toString(36)}@other.example.com`;
  try {
    const required = await api(page, jwt, 'PUT', '/company/settings', {
      ...settingsBody(original, { mfa: true, theme: 'smbc-cloudsign' }),
    });
    expect(required.status).toBe(200);
    const created = await api(page, jwt, 'POST', '/users', { email, name: '二要素 花子' });
    expect(created.status).toBe(201);

    await expect
      .poll(async () => (await newestMailTo(email))?.text ?? '')
      .toMatch(/\/password_setup\//);
    const link = linkPath((await newestMailTo(email))!, 'password_setup')!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const member = await context.newPage();
    await member.goto(link);

    // Typed with the IME on: refused in words, nothing set.
    await member.getByLabel('新しいパスワード', { exact: true }).fill('ｐａｓｓｗｏｒｄ１２３');
    await member.getByLabel('新しいパスワード（確認）').fill('ｐａｓｓｗｏｒｄ１２３');
    await member.getByRole('button', { name: 'パスワードを設定する' }).click();
    await expect(
      member.getByText(
        'パスワードは半角英数字・記号で入力してください（全角文字が含まれています）',
      ),
    ).toBeVisible();
    await member.getByLabel('新しいパスワード', { exact: true }).fill('Kumo-no-Ue-2026!');
    await member.getByLabel('新しいパスワード（確認）').fill('Kumo-no-Ue-2026!');
    await member.getByRole('button', { name: 'パスワードを設定する' }).click();

    // Signed in at once, and sent to the setup the company requires, in the company's look.
    await expect(member).toHaveURL(/\/mfa\/setup/);
    await expect(member.getByRole('heading', { name: '2要素認証の設定' })).toBeVisible();
    await expect(member).toHaveTitle('2要素認証の設定 | SMBCクラウドサイン');
    const qr = member.getByRole('img', { name: '認証アプリで読み取る QR コード' });
    await expect(qr).toBeVisible();
    await member.screenshot({ path: `${ARTIFACTS}mfa-setup.png` });

    // The authenticator: read the QR code on the screen, compute the code.
    const png = PNG.sync.read(await qr.screenshot());
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(read?.data).toMatch(/^otpauth:\/\/totp\//);
    const uri = new URL(read!.data);
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/クラウドサイン:${email}`);
    const secret = uri.searchParams.get('secret')!;
    // The same key is offered for typing, when the camera cannot read the code.
    await member.getByText('QR コードを読み取れない場合').click();
    await expect(member.locator('#secret')).toHaveText(secret.replace(/(.{4})(?=.)/g, '$1 '));

    await member.getByLabel('確認コード（6桁）').fill(authenticator.generate(secret));
    await member.getByRole('button', { name: '設定する' }).click();

    await expect(member.getByRole('heading', { name: 'バックアップコード' })).toBeVisible();
    const shown = await member
      .getByRole('list', { name: 'バックアップコード' })
      .getByRole('listitem')
      .allTextContents();
    expect(shown).toHaveLength(10);
    await member.screenshot({ path: `${ARTIFACTS}mfa-backup-codes.png` });

    const [download] = await Promise.all([
      member.waitForEvent('download'),
      member.getByRole('link', { name: 'テキストファイルでダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('cloudsign-backup-codes.txt');
    const file = readFileSync(await download.path(), 'utf8');
    expect(file).toContain(`アカウント: ${email}`);
    for (const code of shown) expect(file).toContain(code.trim());

    await member.getByRole('button', { name: 'コピー' }).click();
    await expect(member.getByRole('status')).toHaveText('バックアップコードをコピーしました。');
    // The page's clipboard, as a paste would read it (e2e code has no DOM types).
    const copied = await member.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied.split('\n')).toEqual(shown.map((c) => c.trim()));
    await expect(member.getByRole('button', { name: '印刷' })).toBeVisible();

    await member.getByRole('link', { name: '保管しました。続ける' }).click();
    await expect(member.locator('[data-layout]').first()).toBeVisible();
    await context.close();
  } finally {
    const back = await api(page, jwt, 'PUT', '/company/settings', {
      ...settingsBody(original, { mfa: original.flags.mfa, theme: original.theme }),
    });
    expect(back.status).toBe(200);
  }
});
