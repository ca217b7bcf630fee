/**
 * The known-device cookie (auth/known-devices.ts) spares a browser the limits that an attacker's failures put
 * on an account. Its value is the browser's proof, so it is never taken from the browser: every successful
 * sign-in issues a fresh one (a value planted beforehand, or copied from an earlier sign-in, proves nothing),
 * and on https it is a `__Host-` cookie, which no subdomain or plain-http page can set for the site.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import { makeLoginUser, postForm, PASSWORD } from '../../../test/support/site.world.ts';

vi.setConfig({ testTimeout: 120_000 });

let deps: TestDeps;
let app: FastifyInstance;
let companyId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const PLANTED = 'A'.repeat(43);
const deviceOf = (res: LightMyRequestResponse, name = 'cs_device') =>
  res.cookies.find((c) => c.name === name);
const attempt = (email: string, password: string, ip: string, device?: string) =>
  postForm(
    app,
    '/login',
    { email, password },
    { ip, headers: device ? { cookie: `cs_device=${device}` } : {} },
  );

describe('known-device cookie', () => {
  it('a value the browser brings is never adopted: each sign-in issues a fresh one, and the old one stops counting', async () => {
    const user = await makeLoginUser(deps, companyId);
    const first = await attempt(user.email, PASSWORD, '198.51.100.1', PLANTED);
    expect(first.statusCode).toBe(303);
    const issued = deviceOf(first)!.value;
    expect(issued).not.toBe(PLANTED);
    const second = await attempt(user.email, PASSWORD, '198.51.100.1', issued);
    const renewed = deviceOf(second)!.value;
    expect(renewed).not.toBe(issued);

    // An attacker's failures from elsewhere limit the account; only the browser's current value is spared.
    for (let i = 0; i < 6; i += 1) await attempt(user.email, 'wrong-password-1', '203.0.113.9');
    expect((await attempt(user.email, PASSWORD, '198.51.100.2', PLANTED)).statusCode).toBe(429);
    expect((await attempt(user.email, PASSWORD, '198.51.100.2', issued)).statusCode).toBe(429);
    expect((await attempt(user.email, PASSWORD, '198.51.100.2', renewed)).statusCode).toBe(303);
  });
});

describe('on https', () => {
  let secure: TestDeps;
  let site: FastifyInstance;
  beforeAll(async () => {
    secure = await createTestDeps({ env: { SITE_URL: 'https://www.example.test' } });
    site = await buildSiteApp(secure);
  });
  afterAll(async () => {
    await site.close();
    await secure.cleanup();
  });

  it('the cookie is __Host-cs_device: Secure, Path=/, no Domain, HttpOnly; it is what the site reads back', async () => {
    const company = await makeCompany(secure);
    const user = await makeLoginUser(secure, company.id);
    const res = await postForm(site, '/login', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(deviceOf(res)).toBeUndefined();
    const cookie = deviceOf(res, '__Host-cs_device')!;
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie.domain).toBeUndefined();

    for (let i = 0; i < 6; i += 1)
      await postForm(site, '/login', { email: user.email, password: 'wrong-password-1' });
    const known = await postForm(
      site,
      '/login',
      { email: user.email, password: PASSWORD },
      { headers: { cookie: `__Host-cs_device=${cookie.value}` } },
    );
    expect(known.statusCode).toBe(303);
  });
});
