import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { users } from '../../db/schema.ts';
import { hashBackupCodes } from '../../auth/mfa.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import {
  logIn,
  makeLoginUser,
  PASSWORD,
  postForm,
  tokenRequest,
} from '../../../test/support/site.world.ts';

// Several logins and argon2 hashes per test: generous on busy CI hosts.
vi.setConfig({ testTimeout: 120_000 });

let deps: TestDeps;
let app: FastifyInstance;
let now = new Date('2026-04-01T09:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
const totpAt = (secret: string, at: Date) =>
  authenticator.clone({ epoch: at.getTime() }).generate(secret);

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  app = await buildSiteApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

async function memberWithMfa() {
  const company = await makeCompany(deps);
  const secret = authenticator.generateSecret(20);
  const mfaBackupCodes = await hashBackupCodes(['ABCDE-FGHJK', 'MNPQR-STUVW']);
  const user = await makeLoginUser(deps, company.id, { mfa: 1, mfaSecret: secret, mfaBackupCodes });
  return { user, secret };
}

describe('MFA verification at login', () => {
  it('asks for the code after the password; no token until a real TOTP is entered; a replayed code is refused', async () => {
    const { user, secret } = await memberWithMfa();
    const { res, cookie } = await logIn(app, user.email, undefined, { returnTo: '/cabinets' });
    expect(res.headers.location).toBe('http://localhost:3000/mfa/verify?return_to=%2Fcabinets');
    expect((await tokenRequest(app, cookie)).statusCode).toBe(403);
    const page = await app.inject({
      method: 'GET',
      url: '/mfa/verify?return_to=%2Fcabinets',
      headers: { cookie: `cs_session=${cookie}` },
    });
    expect(page.body).toContain('認証アプリに表示されている6桁の確認コードを入力してください。');

    const bad = await postForm(
      app,
      '/mfa/verify',
      { code: '000000', return_to: '/cabinets' },
      { cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('確認コードが正しくないか、すでに使用されています。');

    const code = totpAt(secret, now);
    const ok = await postForm(app, '/mfa/verify', { code, return_to: '/cabinets' }, { cookie });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('http://localhost:3000/cabinets');
    expect((await tokenRequest(app, cookie)).statusCode).toBe(200);

    // Same code again within its 30-second step, from a second login: refused (RFC 6238 §5.2).
    const second = await logIn(app, user.email);
    expect(
      (await postForm(app, '/mfa/verify', { code }, { cookie: second.cookie })).statusCode,
    ).toBe(400);
    advance(30_000);
    expect(
      (await postForm(app, '/mfa/verify', { code: totpAt(secret, now) }, { cookie: second.cookie }))
        .statusCode,
    ).toBe(303);
  });

  it('lets the member abandon the half-finished login to sign in with another account', async () => {
    const { user } = await memberWithMfa();
    const { cookie } = await logIn(app, user.email, undefined, { returnTo: '/cabinets' });
    const page = await app.inject({
      method: 'GET',
      url: '/mfa/verify',
      headers: { cookie: `cs_session=${cookie}` },
    });
    expect(page.body).toContain('ログインをやめて、別のアカウントでログインする');
    const res = await postForm(app, '/login/cancel', { return_to: '/cabinets' }, { cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/login?return_to=%2Fcabinets');
    const form = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: `cs_session=${cookie}` },
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('>次へ</button>');
  });

  it('accepts a backup code once, in any case and with spaces', async () => {
    const { user } = await memberWithMfa();
    const first = await logIn(app, user.email);
    const ok = await postForm(
      app,
      '/mfa/verify',
      { code: 'abcde fghjk' },
      { cookie: first.cookie },
    );
    expect(ok.statusCode).toBe(303);
    expect((await tokenRequest(app, first.cookie)).statusCode).toBe(200);
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.mfaBackupCodes).toHaveLength(1);

    const second = await logIn(app, user.email);
    const reused = await postForm(
      app,
      '/mfa/verify',
      { code: 'ABCDE-FGHJK' },
      { cookie: second.cookie },
    );
    expect(reused.statusCode).toBe(400);
    expect((await tokenRequest(app, second.cookie)).statusCode).toBe(403);
  });

  it('limits code guessing with the login limit (429 + Retry-After)', async () => {
    const { user } = await memberWithMfa();
    const { cookie } = await logIn(app, user.email, undefined, { ip: '192.0.2.200' });
    for (let i = 0; i < 5; i += 1)
      await postForm(app, '/mfa/verify', { code: '111111' }, { cookie, ip: '192.0.2.200' });
    const res = await postForm(
      app,
      '/mfa/verify',
      { code: '111111' },
      { cookie, ip: '192.0.2.200' },
    );
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toContain('確認コードの試行回数が上限に達しました。');
  });
});

describe('known devices and the second factor', () => {
  const device = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'cs_device')?.value;
  const both = (session: string | undefined, dev: string) => ({
    headers: { cookie: `cs_session=${session}; cs_device=${dev}` },
  });

  it("a browser becomes known only once it passes the second factor; code guessing elsewhere does not block the owner's", async () => {
    advance(25 * 3600_000);
    const { user, secret } = await memberWithMfa();
    const first = await logIn(app, user.email, undefined, { ip: '192.0.2.210' });
    // The password alone makes no browser known: it would buy an attacker fresh code guesses.
    expect(device(first.res)).toBeUndefined();
    const verified = await postForm(
      app,
      '/mfa/verify',
      { code: totpAt(secret, now) },
      { cookie: first.cookie, ip: '192.0.2.210' },
    );
    expect(verified.statusCode).toBe(303);
    const owner = device(verified)!;
    expect(owner).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Someone who knows the password guesses codes from his own browser until slowed down.
    advance(30_000);
    const attacker = await logIn(app, user.email, undefined, { ip: '203.0.113.50' });
    expect(device(attacker.res)).toBeUndefined();
    for (let i = 0; i < 5; i += 1)
      await postForm(
        app,
        '/mfa/verify',
        { code: '111111' },
        { cookie: attacker.cookie, ip: '203.0.113.50' },
      );
    const slowed = await postForm(
      app,
      '/mfa/verify',
      { code: '111111' },
      { cookie: attacker.cookie, ip: '203.0.113.50' },
    );
    expect(slowed.statusCode).toBe(429);
    expect(slowed.body).toContain(
      '確認コードの試行回数が上限に達しました。30秒後にもう一度お試しください。',
    );

    // The owner, from his known browser, signs in with password and code.
    const again = await postForm(
      app,
      '/login',
      { email: user.email, password: PASSWORD },
      { ip: '192.0.2.210', ...both(undefined, owner) },
    );
    expect(again.statusCode).toBe(303);
    const session = again.cookies.find((c) => c.name === 'cs_session')!.value;
    const ok = await postForm(
      app,
      '/mfa/verify',
      { code: totpAt(secret, now) },
      { ip: '192.0.2.210', ...both(session, owner) },
    );
    expect(ok.statusCode).toBe(303);
    expect((await tokenRequest(app, session)).statusCode).toBe(200);
  });
});

describe('MFA enrolment when the company requires it', () => {
  it('shows the otpauth URI and secret, enables MFA with a real code, shows backup codes, then tokens work', async () => {
    const company = await makeCompany(deps, { mfa: 2 });
    const user = await makeLoginUser(deps, company.id);
    const { res, cookie } = await logIn(app, user.email, undefined, { returnTo: '/member_groups' });
    expect(res.headers.location).toBe('http://localhost:3000/mfa/setup?return_to=%2Fmember_groups');
    expect((await tokenRequest(app, cookie)).statusCode).toBe(403);

    const page = await app.inject({
      method: 'GET',
      url: res.headers.location,
      headers: { cookie: `cs_session=${cookie}` },
    });
    expect(page.body).toContain('ご所属の組織では2要素認証が必須です。');
    const secret = /name="secret" value="([A-Z2-7]{32})"/.exec(page.body)![1]!;
    expect(page.body).toContain(
      `otpauth://totp/${encodeURIComponent('クラウドサイン')}:${encodeURIComponent(user.email)}?secret=${secret}`,
    );
    // The QR code is drawn into the page: no image or script from anywhere, the secret stays here.
    expect(page.body).toMatch(
      /<figure class="qr"><svg role="img" aria-label="認証アプリで読み取る QR コード" id="mfa-qr" xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/,
    );
    expect(page.body).not.toMatch(/<img|<script|src="/);

    const wrong = await postForm(
      app,
      '/mfa/setup',
      { secret, code: '123456', return_to: '/member_groups' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('確認コードが正しくありません。');

    const done = await postForm(
      app,
      '/mfa/setup',
      { secret, code: totpAt(secret, now), return_to: '/member_groups' },
      { cookie },
    );
    expect(done.statusCode).toBe(200);
    const codes = [...done.body.matchAll(/<li>([A-Z0-9]{5}-[A-Z0-9]{5})<\/li>/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    expect(done.body).toContain('href="http://localhost:3000/member_groups"');
    // Downloadable as a text file, with no request to make; copy and print come from the site's own script.
    const download =
      /href="data:text\/plain;charset=utf-8,([^"]+)" download="cloudsign-backup-codes\.txt"/.exec(
        done.body,
      );
    const file = decodeURIComponent(download![1]!);
    expect(file).toContain(`アカウント: ${user.email}\r\n`);
    for (const code of codes) expect(file).toContain(`\r\n${code}\r\n`);
    expect(done.body).toContain('<script src="/mfa/backup-codes.js" defer></script>');
    const script = await app.inject({ method: 'GET', url: '/mfa/backup-codes.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('navigator.clipboard');
    expect((await tokenRequest(app, cookie)).statusCode).toBe(200);

    const [row] = await deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ mfa: 1, mfaSecret: secret });
    expect(row!.mfaBackupCodes).toHaveLength(10);
    // Stored as argon2id hashes, never as the codes shown.
    expect(row!.mfaBackupCodes.every((h) => h.startsWith('$argon2id$'))).toBe(true);
    expect(row!.mfaBackupCodes.filter((h) => codes.some((c) => h.includes(c)))).toEqual([]);

    // Next login asks for the code, and one of the shown backup codes works.
    advance(60_000);
    const next = await logIn(app, user.email);
    expect(next.res.headers.location).toBe('http://localhost:3000/mfa/verify');
    expect(
      (await postForm(app, '/mfa/verify', { code: codes[3]! }, { cookie: next.cookie })).statusCode,
    ).toBe(303);
  });

  it('shows the setup and verify pages in the company’s theme', async () => {
    const company = await makeCompany(deps, { mfa: 2, theme: 'smbc-cloudsign' });
    const user = await makeLoginUser(deps, company.id);
    const { res, cookie } = await logIn(app, user.email);
    const setup = await app.inject({
      method: 'GET',
      url: res.headers.location,
      headers: { cookie: `cs_session=${cookie}` },
    });
    expect(setup.body).toContain('<body class="theme-smbc-cloudsign">');
    expect(setup.body).toContain('<span class="brand-name">SMBCクラウドサイン</span>');
    expect(setup.body).toContain('<title>2要素認証の設定 | SMBCクラウドサイン</title>');

    const secret = authenticator.generateSecret(20);
    const other = await makeLoginUser(deps, company.id, { mfa: 1, mfaSecret: secret });
    const second = await logIn(app, other.email);
    const verify = await app.inject({
      method: 'GET',
      url: '/mfa/verify',
      headers: { cookie: `cs_session=${second.cookie}` },
    });
    expect(verify.body).toContain('<body class="theme-smbc-cloudsign">');
    // The login's new-password step knows the member too.
    const asked = await makeLoginUser(deps, company.id, { status: 2 });
    const third = await logIn(app, asked.email);
    const step = await app.inject({
      method: 'GET',
      url: '/login/new_password',
      headers: { cookie: `cs_session=${third.cookie}` },
    });
    expect(step.body).toContain('<body class="theme-smbc-cloudsign">');
    // Before anyone is known, the login page is クラウドサイン's.
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toContain('<body class="theme-cloudsign">');
  });

  it('sends a member whose MFA was reset back to enrolment on the next token request', async () => {
    const company = await makeCompany(deps, { mfa: 2 });
    const secret = authenticator.generateSecret(20);
    const user = await makeLoginUser(deps, company.id, { mfa: 1, mfaSecret: secret });
    const { cookie } = await logIn(app, user.email);
    advance(30_000);
    await postForm(app, '/mfa/verify', { code: totpAt(secret, now) }, { cookie });
    expect((await tokenRequest(app, cookie)).statusCode).toBe(200);
    await deps.database.db
      .update(users)
      .set({ mfa: 2, mfaSecret: null })
      .where(eq(users.id, user.id));
    expect((await tokenRequest(app, cookie)).statusCode).toBe(403);
    const login = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: `cs_session=${cookie}` },
    });
    expect(login.headers.location).toBe('http://localhost:3000/mfa/setup');
  });
});
