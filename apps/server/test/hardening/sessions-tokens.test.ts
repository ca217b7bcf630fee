/**
 * Issue 8, suite 5 — sessions and tokens, end to end: a real login on the site, its token used on the api.
 * One test per guarantee. Where a site test already proves a finer point, it is named and not repeated:
 * - modules/sign-in/login.test.ts: cookie flags on login (http and https), login CSRF, Origin: null handling;
 * - modules/sign-in/token.test.ts: token shape and lifetime (5 min), logout with foreign/forged/expired tokens;
 * - site/sessions.test.ts: 12-hour session lifetime, a new login replacing the browser's session;
 * - modules/sign-in/login-throttle.test.ts: throttle windows, counter reset, unknown emails, exact Retry-After;
 * - modules/members/members.security.test.ts: deletion removes the session rows and keeps the documents.
 * The documented window (docs/decisions.md "Identity and sessions"): the api re-reads the session and the
 * user on every request, so logout, deletion and demotion take effect on the very next call, well inside
 * one minute and the JWT's 5 minutes. These tests hold the clock still to prove "next call", not "later".
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parseEnv } from '../../src/config/env.ts';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { buildSiteApp } from '../../src/site-app.ts';
import { logIn, makeLoginUser, postForm, tokenRequest, PASSWORD } from '../support/site.world.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';

// Login throttling costs one argon2 verification per attempt, on purpose: generous on busy hosts.
vi.setConfig({ testTimeout: 180_000 });

let deps: TestDeps;
let site: FastifyInstance;
let api: ApiApp;
let companyId: string;
let adminHeaders: { authorization: string };
let now = new Date('2026-05-01T09:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
let ipSeq = 0;
/** Each test logs in from its own address so the per-IP throttle of one test never touches another. */
const nextIp = () => `198.18.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  site = await buildSiteApp(deps);
  api = await buildApiApp(deps);
  companyId = (await makeCompany(deps, { name: 'セッション検証株式会社' })).id;
  adminHeaders = (await signIn(deps, await makeUser(deps, companyId, { roles: ['CompanyAdmin'] })))
    .headers;
});
afterAll(async () => {
  await site.close();
  await api.close();
  await deps.cleanup();
});

/** Logs in on the site and fetches a token the way the console does. */
async function consoleSession(email: string) {
  const { res, cookie } = await logIn(site, email, PASSWORD, { ip: nextIp() });
  expect(res.statusCode, res.body).toBe(303);
  const token = await tokenRequest(site, cookie);
  expect(token.statusCode, token.body).toBe(200);
  const { jwt } = token.json<{ jwt: string }>();
  return { cookie: cookie!, jwt, headers: { authorization: `Bearer ${jwt}` } };
}
const apiGet = (url: string, headers: Record<string, string>) =>
  api.inject({ method: 'GET', url, headers });
const logout = (cookie: string | undefined, token: string, headers: Record<string, string> = {}) =>
  site.inject({
    method: 'POST',
    url: '/api/company/logout',
    payload: { token },
    headers: { ...(cookie ? { cookie: `cs_session=${cookie}` } : {}), ...headers },
  });

describe('a deleted or demoted member loses access on the next call', () => {
  it('deleted: the still-unexpired token is refused by the api at once, and the site mints no new one', async () => {
    const user = await makeLoginUser(deps, companyId);
    const s = await consoleSession(user.email);
    expect((await apiGet('/me', s.headers)).statusCode).toBe(200);
    const del = await api.inject({
      method: 'DELETE',
      url: `/users/${user.id}`,
      headers: adminHeaders,
    });
    expect(del.statusCode, del.body).toBe(200);
    const after = await apiGet('/me', s.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      error: {
        code: 'unauthenticated',
        message: 'セッションが終了しています。もう一度ログインしてください。',
      },
    });
    expect((await tokenRequest(site, s.cookie)).statusCode).toBe(403);
  });

  it('demoted: admin calls answer 403 on the next request with the same token; /me shows no roles', async () => {
    const user = await makeLoginUser(deps, companyId, { roles: ['CompanyAdmin'] });
    const s = await consoleSession(user.email);
    expect((await apiGet('/members', s.headers)).statusCode).toBe(200);
    const put = await api.inject({
      method: 'PUT',
      url: `/users/${user.id}`,
      headers: { ...adminHeaders, 'if-match': '*' },
      payload: { roles: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const denied = await apiGet('/members', s.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await apiGet('/me', s.headers)).json()).toMatchObject({ user: { roles: [] } });
  });

  it('removed as a cabinet admin: managing that cabinet stops on the next request with the same token', async () => {
    const user = await makeLoginUser(deps, companyId);
    const created = await api.inject({
      method: 'POST',
      url: '/cabinets',
      headers: adminHeaders,
      payload: { name: '権限検証キャビネット' },
    });
    const cabinetId = created.json<{ cabinet: { id: string } }>().cabinet.id;
    const admins = { userIds: [user.id] };
    expect(
      (
        await api.inject({
          method: 'POST',
          url: `/cabinets/${cabinetId}/admins`,
          headers: adminHeaders,
          payload: admins,
        })
      ).statusCode,
    ).toBe(200);
    const s = await consoleSession(user.email);
    const rename = (name: string) =>
      api.inject({
        method: 'PUT',
        url: `/cabinets/${cabinetId}`,
        headers: { ...s.headers, 'if-match': '*' },
        payload: { name },
      });
    expect((await rename('名前変更1')).statusCode).toBe(200);
    expect(
      (
        await api.inject({
          method: 'DELETE',
          url: `/cabinets/${cabinetId}/admins`,
          headers: adminHeaders,
          payload: admins,
        })
      ).statusCode,
    ).toBe(200);
    expect([403, 404]).toContain((await rename('名前変更2')).statusCode);
  });

  it('an expired session ends api access even while its last token is unexpired', async () => {
    const user = await makeLoginUser(deps, companyId);
    const { cookie } = await logIn(site, user.email, PASSWORD, { ip: nextIp() });
    advance(12 * 3600_000 - 60_000); // one minute before the 12-hour session ends
    const { jwt } = (await tokenRequest(site, cookie)).json<{ jwt: string }>();
    expect((await apiGet('/me', { authorization: `Bearer ${jwt}` })).statusCode).toBe(200);
    advance(120_000); // the token has 3 of its 5 minutes left; the session is over
    expect((await apiGet('/me', { authorization: `Bearer ${jwt}` })).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session: the api refuses the token it was given, the cookie gets no new token', async () => {
    const user = await makeLoginUser(deps, companyId);
    const s = await consoleSession(user.email);
    expect((await apiGet('/me', s.headers)).statusCode).toBe(200);
    const res = await logout(s.cookie, s.jwt, { origin: 'http://localhost:3000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ url: 'http://localhost:3000/login' });
    expect((await apiGet('/me', s.headers)).statusCode).toBe(401);
    expect((await tokenRequest(site, s.cookie)).statusCode).toBe(403);
  });

  it('ends only that session: the same member signed in elsewhere keeps working', async () => {
    const user = await makeLoginUser(deps, companyId);
    const laptop = await consoleSession(user.email);
    const phone = await consoleSession(user.email);
    expect((await logout(laptop.cookie, laptop.jwt)).statusCode).toBe(200);
    expect((await apiGet('/me', laptop.headers)).statusCode).toBe(401);
    expect((await apiGet('/me', phone.headers)).statusCode).toBe(200);
  });
});

describe('cookies', () => {
  const flags = (setCookie: unknown) =>
    String(setCookie)
      .split(';')
      .map((p) => p.trim().toLowerCase());

  it('on http: HttpOnly, SameSite=Lax, Path=/, not Secure — on login and on the clearing at logout', async () => {
    const user = await makeLoginUser(deps, companyId);
    const { res, cookie } = await logIn(site, user.email, PASSWORD, { ip: nextIp() });
    expect(flags(res.headers['set-cookie'])).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']),
    );
    expect(flags(res.headers['set-cookie'])).not.toContain('secure');
    const { jwt } = (await tokenRequest(site, cookie)).json<{ jwt: string }>();
    const out = await logout(cookie, jwt);
    expect(flags(out.headers['set-cookie'])).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']),
    );
  });

  it('under https: Secure as well, on login and at logout, with HSTS', async () => {
    // The same settings as the test's, behind https (only the fields the site reads are given).
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: deps.env.DATA_DIR,
      LOG_LEVEL: 'silent',
      SEED: 'off',
      SITE_URL: 'https://console.example.jp',
      API_URL: 'https://api.example.jp',
    });
    const httpsSite = await buildSiteApp({ ...deps, env });
    try {
      const user = await makeLoginUser(deps, companyId);
      const { res, cookie } = await logIn(httpsSite, user.email, PASSWORD, { ip: nextIp() });
      expect(flags(res.headers['set-cookie'])).toEqual(
        expect.arrayContaining(['httponly', 'samesite=lax', 'secure']),
      );
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      const { jwt } = (await tokenRequest(httpsSite, cookie)).json<{ jwt: string }>();
      const out = await httpsSite.inject({
        method: 'POST',
        url: '/api/company/logout',
        payload: { token: jwt },
        headers: { cookie: `cs_session=${cookie}` },
      });
      expect(out.statusCode, out.body).toBe(200);
      expect(flags(out.headers['set-cookie'])).toEqual(
        expect.arrayContaining(['httponly', 'samesite=lax', 'secure']),
      );
    } finally {
      await httpsSite.close();
    }
  });
});

describe('cross-site requests to the token and logout endpoints fail', () => {
  it('token: a foreign Origin, Sec-Fetch-Site: cross-site or a missing X-Requested-With get 403 and no token', async () => {
    const user = await makeLoginUser(deps, companyId);
    const { cookie } = await logIn(site, user.email, PASSWORD, { ip: nextIp() });
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'x-requested-with': '' },
    ] as Record<string, string>[]) {
      const res = await tokenRequest(site, cookie, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).not.toContain('jwt');
    }
    // No CORS grant either: a page on another origin cannot read an answer even if one were sent.
    const preflight = await site.inject({
      method: 'OPTIONS',
      url: '/api/token/jwt',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-requested-with',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('logout: a cross-site post gets 403 and the session survives', async () => {
    const user = await makeLoginUser(deps, companyId);
    const s = await consoleSession(user.email);
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ] as Record<string, string>[]) {
      expect((await logout(s.cookie, s.jwt, headers)).statusCode, JSON.stringify(headers)).toBe(
        403,
      );
    }
    expect((await apiGet('/me', s.headers)).statusCode).toBe(200);
    expect((await tokenRequest(site, s.cookie)).statusCode).toBe(200);
  });

  it('the api grants CORS to the site origin only', async () => {
    const ask = (origin: string) =>
      api.inject({
        method: 'OPTIONS',
        url: '/me',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    expect((await ask('http://localhost:3000')).headers['access-control-allow-origin']).toBe(
      'http://localhost:3000',
    );
    expect(
      (await ask('https://evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});

describe('login is rate-limited per account and per IP, with Retry-After', () => {
  const fail = (email: string, ip: string) =>
    postForm(site, '/login', { email, password: 'wrong-password-9' }, { ip });

  it('per account: the 6th attempt from any address answers 429 with Retry-After, even with the right password', async () => {
    advance(3600_000);
    const user = await makeLoginUser(deps, companyId);
    // Case and width variants of the address count as the same account.
    const variants = [
      user.email,
      user.email.toUpperCase(),
      ` ${user.email}`,
      user.email.replace('@', '＠'),
      user.email,
    ];
    for (const email of variants) expect((await fail(email, nextIp())).statusCode).toBe(400);
    const blocked = await postForm(
      site,
      '/login',
      { email: user.email, password: PASSWORD },
      { ip: nextIp() },
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('per IP: after 20 failures on different accounts, that address is refused with Retry-After; others are not', async () => {
    advance(3600_000);
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1)
      expect((await fail(`spray-${i}@example.test`, ip)).statusCode).toBe(400);
    const user = await makeLoginUser(deps, companyId);
    const blocked = await postForm(
      site,
      '/login',
      { email: user.email, password: PASSWORD },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The api and site are reached directly (trustProxy off): a forged X-Forwarded-For changes nothing.
    const forged = await postForm(
      site,
      '/login',
      { email: user.email, password: PASSWORD },
      { ip, headers: { 'x-forwarded-for': '203.0.113.200' } },
    );
    expect(forged.statusCode).toBe(429);
    expect((await logIn(site, user.email, PASSWORD, { ip: nextIp() })).res.statusCode).toBe(303);
  });

  it('a burst of simultaneous guesses at one account gets no more tries than the limit', async () => {
    advance(3600_000);
    const user = await makeLoginUser(deps, companyId);
    const answers = await Promise.all(Array.from({ length: 12 }, () => fail(user.email, nextIp())));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400).length, codes.join(',')).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length, codes.join(',')).toBeGreaterThanOrEqual(7);
  });

  it('a burst of simultaneous second-factor codes gets no more tries than the limit either', async () => {
    advance(3600_000);
    const user = await makeLoginUser(deps, companyId, {
      mfa: 1,
      mfaSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    });
    const { res, cookie } = await logIn(site, user.email, PASSWORD, { ip: nextIp() });
    expect(res.headers.location).toBe('http://localhost:3000/mfa/verify');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        postForm(site, '/mfa/verify', { code: '000000' }, { cookie, ip: nextIp() }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400).length, codes.join(',')).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length, codes.join(',')).toBeGreaterThanOrEqual(7);
  });
});
