/**
 * The invitation rule of members SCIM creates (issue 34): in a company that requires SSO the member is 有効 at
 * once, mailed nothing, and signs in through the IdP; in a company without it he is invited (招待中, mailed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { buildSiteApp } from '../../site-app.ts';
import { SSO_REQUEST_COOKIE } from '../sso/sso-site.routes.ts';
import { PASSWORD_SETUP_SUBJECT } from '../../auth/password-setup.ts';
import * as sso from '../sso/sso.repository.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import {
  companyWithToken as baseCompanyWithToken,
  postScimUser,
} from '../../../test/support/scim.world.ts';
import { jobsSettled, sessionCookieOf } from '../../../test/support/site.world.ts';
import { makeKey, requestIdOf, type TestKey } from '../../../test/support/saml-idp.ts';
import { idpAnswer, postToAcs, TEST_IDP } from '../../../test/support/sso.world.ts';

let deps: TestDeps;
let api: ApiApp;
let site: FastifyInstance;
let idpKey: TestKey;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  api = await buildApiApp(deps);
  site = await buildSiteApp(deps);
  idpKey = makeKey();
}, 180_000);
afterAll(async () => {
  await site.close();
  await api.close();
  await deps.cleanup();
});

async function companyWithToken(isSsoRequired: boolean) {
  const { companyId, admin, headers, secret } = await baseCompanyWithToken(deps, api);
  if (isSsoRequired) {
    await sso.saveSettings(
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
      },
      deps.clock(),
    );
    await sso.setEnabled(deps.database.db, companyId, true);
  }
  return { companyId, headers, secret };
}

async function createUser(secret: string, userName: string) {
  const res = await postScimUser(api, secret, {
    userName,
    name: { familyName: '連携', givenName: '太郎' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; active: boolean }>();
}

const statusOf = async (headers: Record<string, string>, id: string) =>
  (await api.inject({ method: 'GET', url: `/users/${id}`, headers })).json<{
    user: { status: number };
  }>().user.status;
const invitationsTo = async (email: string) => {
  await jobsSettled(deps, 'provisioning.invite');
  return deps.sentMails.filter((m) => m.to === email && m.subject === PASSWORD_SETUP_SUBJECT);
};

/** The IdP's answer for `email` at the company's ACS opens a session. */
async function expectSsoSignIn(companyId: string, email: string) {
  const login = await site.inject({ method: 'GET', url: `/sso/${companyId}/login` });
  expect(login.statusCode).toBe(303);
  const cookie = login.cookies.find((c) => c.name === SSO_REQUEST_COOKIE)!.value;
  const requestId = requestIdOf(String(login.headers.location));
  const acs = await postToAcs(
    site,
    companyId,
    idpAnswer(deps, companyId, idpKey, { requestId, email }),
    cookie,
  );
  expect(acs.statusCode).toBe(303);
  expect(sessionCookieOf(acs)).toBeTruthy();
}

describe('members SCIM creates', { timeout: 60_000 }, () => {
  it('in a company that requires SSO: 有効, no invitation, and an SSO sign-in at once', async () => {
    const { companyId, headers, secret } = await companyWithToken(true);
    const email = 'sso.only@scim-sso.example.test';
    const user = await createUser(secret, email);
    expect(user.active).toBe(true);
    expect(await statusOf(headers, user.id)).toBe(1);
    expect(await invitationsTo(email)).toEqual([]);

    await expectSsoSignIn(companyId, email);
    expect(await statusOf(headers, user.id)).toBe(1);
  });

  it('in a company that requires SSO: reactivated 有効, not invited, and signs in by SSO again', async () => {
    const { companyId, headers, secret } = await companyWithToken(true);
    const email = 'sso.leaver@scim-sso.example.test';
    const user = await createUser(secret, email);
    for (const active of [false, true]) {
      const res = await api.inject({
        method: 'PATCH',
        url: `/scim/v2/Users/${user.id}`,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
        payload: JSON.stringify({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', value: { active } }],
        }),
      });
      expect([res.statusCode, res.json<{ active: boolean }>().active]).toEqual([200, active]);
    }
    expect(await statusOf(headers, user.id)).toBe(1);
    expect(await invitationsTo(email)).toEqual([]);
    await expectSsoSignIn(companyId, email);
  });

  it('in a company without required SSO: 招待中 and invited, as before', async () => {
    const { headers, secret } = await companyWithToken(false);
    const email = 'invited@scim-sso.example.test';
    const user = await createUser(secret, email);
    expect(await statusOf(headers, user.id)).toBe(0);
    await expect.poll(async () => (await invitationsTo(email)).length, { timeout: 20_000 }).toBe(1);
  });
});
