import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDeps, type TestDeps } from '../testing/test-deps.ts';
import { makeCompany } from '../testing/fixtures.ts';
import { buildSiteApp } from './app.ts';
import { logIn, makeLoginUser, postForm, PASSWORD } from './site.test-kit.ts';

// Dozens of argon2 verifications per test (each failure costs one, on purpose): generous on busy CI hosts.
vi.setConfig({ testTimeout: 180_000 });

let deps: TestDeps;
let app: FastifyInstance;
let companyId: string;
let now = new Date('2026-04-01T09:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const fail = (email: string, ip: string) => postForm(app, '/login', { email, password: 'not-the-password-1' }, { ip });

describe('login rate limit per account', () => {
  it('blocks the 6th attempt within 15 minutes, even with the right password and from other IPs, with Retry-After', async () => {
    const user = await makeLoginUser(deps, companyId);
    for (let i = 0; i < 5; i += 1) {
      expect((await fail(user.email, `192.0.2.${i + 1}`)).statusCode).toBe(400);
      advance(60_000);
    }
    const blocked = await postForm(app, '/login', { email: user.email, password: PASSWORD }, { ip: '198.51.100.7' });
    expect(blocked.statusCode).toBe(429);
    // The oldest failure was 5 minutes ago: it ages out of the 15-minute window in 10 minutes.
    expect(blocked.headers['retry-after']).toBe('600');
    expect(blocked.body).toContain('ログインの試行回数が上限に達しました。10分ほど待ってから、もう一度お試しください。');
    expect(blocked.headers['set-cookie']).toBeUndefined();

    advance(600_000);
    const { res } = await logIn(app, user.email, PASSWORD, { ip: '198.51.100.7' });
    expect(res.statusCode).toBe(303);
  });

  it('counts an unknown email as an account too (no free guessing against non-members)', async () => {
    for (let i = 0; i < 5; i += 1) await fail('ghost@example.test', `192.0.2.${50 + i}`);
    expect((await fail('ghost@example.test', '192.0.2.99')).statusCode).toBe(429);
  });

  it('clears the account counter after a successful login', async () => {
    const user = await makeLoginUser(deps, companyId);
    for (let i = 0; i < 4; i += 1) await fail(user.email, '203.0.113.1');
    expect((await logIn(app, user.email, PASSWORD, { ip: '203.0.113.1' })).res.statusCode).toBe(303);
    for (let i = 0; i < 4; i += 1) expect((await fail(user.email, '203.0.113.1')).statusCode).toBe(400);
  });
});

describe('login rate limit per IP', () => {
  it('blocks an IP after 20 failures across different accounts; other IPs are unaffected', async () => {
    advance(3_600_000);
    for (let i = 0; i < 20; i += 1) expect((await fail(`spray${i}@example.test`, '203.0.113.66')).statusCode).toBe(400);
    const user = await makeLoginUser(deps, companyId);
    const blocked = await postForm(app, '/login', { email: user.email, password: PASSWORD }, { ip: '203.0.113.66' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect((await logIn(app, user.email, PASSWORD, { ip: '203.0.113.67' })).res.statusCode).toBe(303);
  });
});

describe('login rate limit per IP behind a trusted proxy (TRUST_PROXY)', () => {
  it("counts the client's forwarded address, not the proxy's, so one client's failures block only that client", async () => {
    advance(3_600_000);
    const proxied = await buildSiteApp({ ...deps, env: { ...deps.env, TRUST_PROXY: '10.0.0.1' } });
    try {
      const via = (client: string) => ({ ip: '10.0.0.1', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 20; i += 1) {
        expect((await postForm(proxied, '/login', { email: `proxy${i}@example.test`, password: 'not-the-password-1' }, via('198.51.100.20'))).statusCode).toBe(400);
      }
      const user = await makeLoginUser(deps, companyId);
      const blocked = await postForm(proxied, '/login', { email: user.email, password: PASSWORD }, via('198.51.100.20'));
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another client behind the same proxy still signs in.
      expect((await postForm(proxied, '/login', { email: user.email, password: PASSWORD }, via('198.51.100.21'))).statusCode).toBe(303);
    } finally {
      await proxied.close();
    }
  });
});
