/**
 * Names an IdP sends at JIT creation follow the single-line rule of typed names: cleaned, never refused (a
 * sign-in must not fail for a display name), and the member's page shows the clean one. The connection test
 * shows what the IdP sent with every invisible character named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { TSsoTestResult } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { sessionCookieOf } from '../../../test/support/site.world.ts';
import { makeKey, requestIdOf } from '../../../test/support/saml-idp.ts';
import { addSsoDomain } from '../../../test/support/sso-domains.world.ts';
import { TEST_IDP, idpAnswer, postToAcs } from '../../../test/support/sso.world.ts';
import { buildSiteApp } from '../../site-app.ts';
import { buildApiApp } from '../../api-app.ts';
import { SSO_REQUEST_COOKIE } from './sso-site.routes.ts';
import { auditEvents, users } from '../../db/schema.ts';
import * as repo from './sso.repository.ts';
import { startSignIn } from './sso-signin.service.ts';

let deps: TestDeps;
let site: FastifyInstance;
let api: FastifyInstance;
let companyId: string;
let adminHeaders: Record<string, string>;
let adminId: string;
const idpKey = makeKey();

beforeAll(async () => {
  deps = await createTestDeps();
  site = await buildSiteApp(deps);
  api = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, {
    email: 'admin@corp.example.test',
    roles: ['CompanyAdmin'],
  });
  adminId = admin.id;
  ({ headers: adminHeaders } = await signIn(deps, admin));
  await repo.saveSettings(
    deps.database.db,
    {
      companyId,
      idpEntityId: TEST_IDP,
      idpSsoUrl: 'https://idp.example.test/sso',
      idpCertificates: [idpKey.certB64],
      emailAttribute: 'mail',
      nameAttribute: 'displayName',
      organizationAttribute: 'department',
      exceptionUserIds: [admin.id],
      jitEnabled: true,
    },
    deps.clock(),
  );
  await repo.setEnabled(deps.database.db, companyId, true);
  await addSsoDomain(deps, companyId, 'corp.example.test', { verified: true });
});
afterAll(async () => {
  await site.close();
  await api.close();
  await deps.cleanup();
});

/** A JIT sign-in of `email` whose IdP sends these attributes (XML character references allowed). */
async function signInByIdp(email: string, attributes: Record<string, string>) {
  const start = await site.inject({ method: 'GET', url: `/sso/${companyId}/login` });
  const cookie = start.cookies.find((c) => c.name === SSO_REQUEST_COOKIE)!.value;
  return postIdpAnswer(email, attributes, cookie, String(start.headers.location));
}

function postIdpAnswer(
  email: string,
  attributes: Record<string, string>,
  cookie: string,
  requestUrl: string,
) {
  const answer = idpAnswer(deps, companyId, idpKey, {
    requestId: requestIdOf(requestUrl),
    email,
    attributes,
  });
  return postToAcs(site, companyId, answer, cookie);
}

async function memberShown(email: string) {
  const [row] = await deps.database.db.select().from(users).where(eq(users.email, email));
  const res = await api.inject({ method: 'GET', url: `/users/${row!.id}`, headers: adminHeaders });
  expect(res.statusCode).toBe(200);
  return res.json<{ user: { name: string; organization: string } }>().user;
}

describe('JIT names from the IdP', () => {
  it('CR/LF, U+202E and U+2028 are cleaned: one line, no disguising character, on the member’s page', async () => {
    const email = 'hanako@corp.example.test';
    const res = await signInByIdp(email, {
      displayName: '山田&#13;&#10;花子\u202e',
      department: '\u202a営業部\u2028第一課\u0085',
    });
    expect(res.statusCode).toBe(303);
    expect(sessionCookieOf(res)).toBeTruthy();
    expect(await memberShown(email)).toMatchObject({
      name: '山田 花子',
      organization: '営業部 第一課',
    });
    // The audit log's record of the creation names the clean values too.
    const [created] = await deps.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'member.created'));
    expect(created!.details).toMatchObject({
      name: { before: '', after: '山田 花子' },
      organization: { before: '', after: '営業部 第一課' },
    });
  });

  it('an over-long name is cut at the field’s 64 characters, the department at 100', async () => {
    const email = 'long@corp.example.test';
    const res = await signInByIdp(email, {
      displayName: '長'.repeat(80),
      department: '部'.repeat(150),
    });
    expect(res.statusCode).toBe(303);
    expect(await memberShown(email)).toMatchObject({
      name: '長'.repeat(64),
      organization: '部'.repeat(100),
    });
  });

  it('a name of nothing but invisible characters falls back to the address, as a missing one does', async () => {
    const email = 'blank@corp.example.test';
    const res = await signInByIdp(email, { displayName: '\u202e\u200b&#13;&#10;' });
    expect(res.statusCode).toBe(303);
    expect((await memberShown(email)).name).toBe(email);
  });

  it('an address with a disguising character creates no member', async () => {
    const email = 'gpj.\u202eexe@corp.example.test';
    const res = await signInByIdp(email, { displayName: '偽装' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('このメールアドレスのメンバーはクラウドサインに登録されていません');
    expect(await deps.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('the admin’s connection test', () => {
  it('shows the IdP’s values with every invisible or line-breaking character named', async () => {
    const started = (await startSignIn(deps, companyId, {
      purpose: 'test',
      returnTo: '/company/sso?test=done',
      userId: adminId,
    }))!;
    const res = await postIdpAnswer(
      'test\u202e@corp.example.test',
      { displayName: '山田&#13;&#10;花子\u202e' },
      started.browserToken,
      started.url,
    );
    expect(res.statusCode).toBe(303);
    const shown = await api.inject({ method: 'GET', url: '/sso_settings', headers: adminHeaders });
    const { lastTest } = shown.json<{ settings: { lastTest: TSsoTestResult } }>().settings;
    expect(lastTest.email).toBe('test<U+202E>@corp.example.test');
    expect(lastTest.attributes).toContainEqual({
      name: 'displayName',
      values: ['山田<U+000D><U+000A>花子<U+202E>'],
    });
  });
});
