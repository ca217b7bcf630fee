import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { DEVICE_COOKIE } from '../../auth/known-devices.ts';
import { buildSiteApp } from '../../site-app.ts';
import { LOGIN_REQUESTS_PER_MINUTE } from './login.routes.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';
import { logIn, makeLoginUser, postForm, PASSWORD } from '../../../test/support/site.world.ts';

// Dozens of argon2 verifications per test (each failure costs one, on purpose): generous on busy CI hosts.
vi.setConfig({ testTimeout: 180_000 });

let deps: TestDeps;
let app: FastifyInstance;
let companyId: string;
let now = new Date('2026-04-01T09:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
/** Each test starts after the previous one's failures have left the one-day window. */
const nextDay = () => advance(25 * 3600_000);

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

let ipSeq = 0;
const someIp = () => `198.18.${(ipSeq >> 8) & 255}.${(ipSeq++ & 255) + 1}`;
const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE_COOKIE);
const withDevice = (device: string | undefined) =>
  device ? { headers: { cookie: `${DEVICE_COOKIE}=${device}` } } : {};
const attempt = (email: string, password: string, ip: string, device?: string) =>
  postForm(app, '/login', { email, password }, { ip, ...withDevice(device) });
const fail = (email: string, ip = someIp(), device?: string) =>
  attempt(email, 'not-the-password-1', ip, device);

/** Signs in once from a browser, which becomes known to the account; returns its device cookie. */
async function knownBrowser(email: string, ip = someIp()) {
  const res = await attempt(email, PASSWORD, ip);
  expect(res.statusCode).toBe(303);
  return deviceOf(res)!.value;
}

describe('unknown browsers: progressive delays per account', () => {
  it('5 failures are free; then waits of 30 s, 1 min, 2 min … capped at 15 min, said in Japanese, even with the right password', async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId);
    for (let i = 0; i < 5; i += 1) expect((await fail(user.email)).statusCode).toBe(400);
    const blocked = await attempt(user.email, PASSWORD, someIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    expect(blocked.body).toContain(
      'ログインの失敗が続いたため、このアカウントへのログインを一時的に制限しています。30秒後にもう一度お試しください。このブラウザで以前ログインしたことがある場合は、影響を受けません。',
    );
    expect(blocked.headers['set-cookie']).toBeUndefined();

    const waits: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const wait = Number((await fail(user.email)).headers['retry-after']);
      advance(wait * 1000);
      expect((await fail(user.email)).statusCode).toBe(400);
      waits.push(String((await fail(user.email)).headers['retry-after']));
    }
    expect(waits).toEqual(['60', '120', '240', '480', '900', '900', '900']);
    expect((await fail(user.email)).body).toContain('15分後にもう一度お試しください。');
  });

  it('a blocked attempt does not push the wait forward', async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId);
    for (let i = 0; i < 5; i += 1) await fail(user.email);
    advance(20_000);
    expect((await fail(user.email)).headers['retry-after']).toBe('10');
    advance(10_000);
    expect((await attempt(user.email, PASSWORD, someIp())).statusCode).toBe(303);
  });

  it('counts an unknown email as an account too (no free guessing against non-members)', async () => {
    nextDay();
    for (let i = 0; i < 5; i += 1) await fail('ghost@example.test');
    expect((await fail('ghost@example.test')).statusCode).toBe(429);
  });

  it("a success forgives only the caller's own failures, not an attacker's from elsewhere", async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId);
    const home = someIp();
    for (let i = 0; i < 2; i += 1) await fail(user.email, home);
    for (let i = 0; i < 2; i += 1) await fail(user.email, '203.0.113.9');
    expect((await attempt(user.email, PASSWORD, home)).statusCode).toBe(303);
    // The attacker's 2 stay: 3 more free, then slowed.
    for (let i = 0; i < 3; i += 1)
      expect((await fail(user.email, '203.0.113.9')).statusCode).toBe(400);
    expect((await fail(user.email, '203.0.113.9')).statusCode).toBe(429);
  });

  it('a burst of simultaneous guesses gets no more tries than the free failures', async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId);
    const codes = (await Promise.all(Array.from({ length: 12 }, () => fail(user.email)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 400).length, codes.join(',')).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length, codes.join(',')).toBeGreaterThanOrEqual(7);
  });
});

describe('known devices: the owner is not locked out by an attacker', () => {
  it('the device cookie is HttpOnly, SameSite=Lax, for the whole site, kept 180 days', async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId);
    const { res } = await logIn(app, user.email, PASSWORD, { ip: someIp() });
    const device = deviceOf(res)!;
    expect(device.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device.expires!.getTime() - now.getTime()).toBe(180 * 24 * 3600_000);
    // The next login gives the same browser a fresh value, never the one it brought (fixation).
    const next = deviceOf(await attempt(user.email, PASSWORD, someIp(), device.value))!.value;
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(device.value);
  });

  it("an attacker's failures (many addresses, the account at its cap) do not block the owner's right password from his browser", async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId);
    const device = await knownBrowser(user.email);
    for (let i = 0; i < 40; i += 1) {
      const res = await fail(user.email);
      if (res.statusCode === 429) advance(Number(res.headers['retry-after']) * 1000);
    }
    await fail(user.email);
    expect((await attempt(user.email, PASSWORD, someIp())).statusCode).toBe(429);
    const owner = await attempt(user.email, PASSWORD, someIp(), device);
    expect(owner.statusCode).toBe(303);
    // Nor does the owner's login reset the attacker's wait.
    expect((await fail(user.email)).statusCode).toBe(429);
  });

  it('a known device is slowed by its own failures (a stolen cookie is no free pass); another account does not count as known', async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId);
    const other = await makeLoginUser(deps, companyId);
    const device = await knownBrowser(user.email);
    for (let i = 0; i < 5; i += 1)
      expect((await fail(user.email, someIp(), device)).statusCode).toBe(400);
    const slowed = await attempt(user.email, PASSWORD, someIp(), device);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('30');
    // The cookie is known to `user` only: for `other` it is an unknown browser, limited per account as usual.
    for (let i = 0; i < 5; i += 1) await fail(other.email, someIp(), device);
    expect((await attempt(other.email, PASSWORD, someIp(), device)).statusCode).toBe(429);
  });

  it('a forged or unknown device cookie is an unknown browser', async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId);
    for (let i = 0; i < 5; i += 1) await fail(user.email);
    for (const forged of ['A'.repeat(43), 'not-a-device', '']) {
      expect((await attempt(user.email, PASSWORD, someIp(), forged)).statusCode).toBe(429);
    }
  });

  it('after a password change, other browsers are no longer known; the one that changed it still is', async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId, { status: 2 });
    const laptop = await knownBrowser(user.email);
    const phone = deviceOf(await attempt(user.email, PASSWORD, someIp()))!.value;
    const { cookie } = await logIn(app, user.email, PASSWORD, { ip: someIp() });
    const changed = await postForm(
      app,
      '/login/new_password',
      { password: 'brand-new-77', confirmation: 'brand-new-77' },
      {
        headers: { cookie: `cs_session=${cookie}; ${DEVICE_COOKIE}=${laptop}` },
      },
    );
    expect(changed.statusCode).toBe(303);
    for (let i = 0; i < 5; i += 1) await fail(user.email);
    expect((await attempt(user.email, 'brand-new-77', someIp(), phone)).statusCode).toBe(429);
    expect((await attempt(user.email, 'brand-new-77', someIp(), laptop)).statusCode).toBe(303);
  });
});

describe('per IP: an office behind one NAT', () => {
  it("20 failures across accounts slow that address for unknown browsers, not the members' known ones", async () => {
    nextDay();
    const office = '203.0.113.66';
    const colleague = await makeLoginUser(deps, companyId);
    const device = await knownBrowser(colleague.email, office);
    for (let i = 0; i < 20; i += 1)
      expect((await fail(`spray${i}@example.test`, office)).statusCode).toBe(400);
    const newcomer = await makeLoginUser(deps, companyId);
    const blocked = await attempt(newcomer.email, PASSWORD, office);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    expect((await attempt(colleague.email, PASSWORD, office, device)).statusCode).toBe(303);
    expect((await attempt(newcomer.email, PASSWORD, someIp())).statusCode).toBe(303);
  });
});

describe('login rate limit per IP behind a trusted proxy (TRUST_PROXY)', () => {
  it("counts the client's forwarded address, not the proxy's, so one client's failures block only that client", async () => {
    nextDay();
    const proxied = await buildSiteApp({ ...deps, env: { ...deps.env, TRUST_PROXY: '10.0.0.1' } });
    try {
      const via = (client: string) => ({ ip: '10.0.0.1', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 20; i += 1) {
        expect(
          (
            await postForm(
              proxied,
              '/login',
              { email: `proxy${i}@example.test`, password: 'not-the-password-1' },
              via('198.51.100.20'),
            )
          ).statusCode,
        ).toBe(400);
      }
      const user = await makeLoginUser(deps, companyId);
      const blocked = await postForm(
        proxied,
        '/login',
        { email: user.email, password: PASSWORD },
        via('198.51.100.20'),
      );
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another client behind the same proxy still signs in.
      expect(
        (
          await postForm(
            proxied,
            '/login',
            { email: user.email, password: PASSWORD },
            via('198.51.100.21'),
          )
        ).statusCode,
      ).toBe(303);
    } finally {
      await proxied.close();
    }
  });
});

describe('throttled attempts in the audit log', () => {
  const reasons = async (userId: string) =>
    (await findEventPage(deps.database.db, { companyId }, 1000))
      .filter((e) => e.targetId === userId)
      // In the order written (the failures are dated by the real clock, the waits by the test's).
      .sort((a, b) => a.seq - b.seq)
      .map((e) => (e.details as { reason: string }).reason);

  it('a flood of blocked attempts on an account records one too_many_attempts per wait, not one per request', async () => {
    nextDay();
    const user = await makeLoginUser(deps, companyId);
    for (let i = 0; i < 5; i += 1) await fail(user.email);
    for (let i = 0; i < 30; i += 1) expect((await fail(user.email)).statusCode).toBe(429);
    const wrong = 'wrong_password';
    expect(await reasons(user.id)).toEqual([
      wrong,
      wrong,
      wrong,
      wrong,
      wrong,
      'too_many_attempts',
    ]);

    // The next wait (after the next failure) may be recorded once more.
    advance(30_000);
    expect((await fail(user.email)).statusCode).toBe(400);
    for (let i = 0; i < 30; i += 1) expect((await fail(user.email)).statusCode).toBe(429);
    expect((await reasons(user.id)).slice(-3)).toEqual([
      'too_many_attempts',
      'wrong_password',
      'too_many_attempts',
    ]);
  });
});

describe('POST /login at the HTTP level', () => {
  it('one address gets a bounded number of requests a minute (429 in Japanese, Retry-After); others are not held up', async () => {
    nextDay();
    const limited = await buildSiteApp(deps);
    try {
      const user = await makeLoginUser(deps, companyId);
      const step = (ip: string) => postForm(limited, '/login', { email: user.email }, { ip });
      for (let i = 0; i < LOGIN_REQUESTS_PER_MINUTE; i += 1)
        expect((await step('198.51.100.77')).statusCode).toBe(200);
      const refused = await step('198.51.100.77');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain(
        'このネットワークからのログインの要求が多すぎるため、一時的に受け付けを制限しています。',
      );
      expect((await step('198.51.100.78')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
