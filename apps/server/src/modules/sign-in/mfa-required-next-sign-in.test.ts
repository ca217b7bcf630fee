/**
 * 企業設定's promise for 2要素認証: 「未設定のメンバーは次回ログイン時に設定画面へ案内されます」. A member at work when
 * an admin turns the requirement on keeps working (his console's token requests still succeed) until the
 * session ends; his next sign-in leads to enrolment. Turning it off and on again moves the moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ifMatchOf } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { logIn, makeLoginUser, tokenRequest } from '../../../test/support/site.world.ts';
import { buildSiteApp } from '../../site-app.ts';

let deps: TestDeps;
let site: FastifyInstance;
let api: ApiApp;
let now = new Date('2026-04-01T09:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  site = await buildSiteApp(deps);
  api = await buildApiApp(deps);
});
afterAll(async () => {
  await site.close();
  await api.close();
  await deps.cleanup();
});

async function setMfaRequired(headers: Record<string, string>, mfa: boolean) {
  const current = (await api.inject({ method: 'GET', url: '/company/settings', headers })).json<{
    settings: { name: string; theme: string; flags: Record<string, boolean>; version: number };
  }>().settings;
  const res = await api.inject({
    method: 'PUT',
    url: '/company/settings',
    headers: { ...headers, 'if-match': ifMatchOf(current.version) },
    payload: { name: current.name, theme: current.theme, flags: { ...current.flags, mfa } },
  });
  expect(res.statusCode).toBe(200);
}

describe('2要素認証 turned to required', () => {
  it('leaves a member at work signed in, and sends him to enrolment at his next sign-in', async () => {
    const company = await makeCompany(deps);
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'], mfa: 1 });
    const { headers } = await signIn(deps, admin);
    const member = await makeLoginUser(deps, company.id);
    const atWork = (await logIn(site, member.email)).cookie;
    expect((await tokenRequest(site, atWork)).statusCode).toBe(200);

    advance(60_000);
    await setMfaRequired(headers, true);
    advance(60_000);
    expect((await tokenRequest(site, atWork)).statusCode).toBe(200);

    const next = await logIn(site, member.email);
    expect(next.res.headers.location).toBe('http://localhost:3000/mfa/setup');
    expect((await tokenRequest(site, next.cookie)).statusCode).toBe(403);
  });

  it('counts from the latest time it was turned on', async () => {
    const company = await makeCompany(deps);
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'], mfa: 1 });
    const { headers } = await signIn(deps, admin);
    const member = await makeLoginUser(deps, company.id);
    await setMfaRequired(headers, true);
    advance(60_000);
    const enrolling = await logIn(site, member.email);
    expect(enrolling.res.headers.location).toBe('http://localhost:3000/mfa/setup');

    advance(60_000);
    await setMfaRequired(headers, false);
    advance(60_000);
    const free = (await logIn(site, member.email)).cookie;
    expect((await tokenRequest(site, free)).statusCode).toBe(200);
    advance(60_000);
    await setMfaRequired(headers, true);
    advance(60_000);
    expect((await tokenRequest(site, free)).statusCode).toBe(200);
    expect((await logIn(site, member.email)).res.headers.location).toBe(
      'http://localhost:3000/mfa/setup',
    );
  });
});
