/**
 * A sign-in through the IdP of a member holding 組織管理権限 or 監査ログ閲覧権限 within 24 hours of an SSO settings
 * change is flagged on its auth.signIn event; a successful connection test is recorded with who ran it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser } from '../../../test/support/fixtures.ts';
import { makeKey, requestIdOf, type TestKey } from '../../../test/support/saml-idp.ts';
import { idpAnswer, postToAcs, TEST_IDP } from '../../../test/support/sso.world.ts';
import { buildSiteApp } from '../../site-app.ts';
import { SSO_REQUEST_COOKIE } from './sso-site.routes.ts';
import { auditEvents } from '../../db/schema.ts';
import { recordAuditEvent } from '../audit-log/audit-log.record.ts';
import * as repo from './sso.repository.ts';
import { startSignIn } from './sso-signin.service.ts';
import { audited } from './sso-audit.ts';

let deps: TestDeps;
let app: FastifyInstance;
let key: TestKey;
let companyId: string;
let auditor: { id: string; email: string };
let member: { id: string; email: string };
const HOUR = 3600_000;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
  key = makeKey();
  companyId = (await makeCompany(deps)).id;
  auditor = await makeUser(deps, companyId, { roles: ['CompanyAuditor'] });
  member = await makeUser(deps, companyId);
  await repo.saveSettings(
    deps.database.db,
    {
      companyId,
      idpEntityId: TEST_IDP,
      idpSsoUrl: 'https://idp.example.test/sso',
      idpCertificates: [key.certB64],
      emailAttribute: 'mail',
      nameAttribute: 'displayName',
      organizationAttribute: 'department',
    },
    new Date(),
  );
  await repo.setEnabled(deps.database.db, companyId, true);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

/** The IdP's signed answer for `who` posted to the ACS of a request started in this browser. */
async function answer(who: { email: string }, cookie: string, requestId: string) {
  const res = await postToAcs(
    app,
    companyId,
    idpAnswer(deps, companyId, key, { requestId, email: who.email }),
    cookie,
  );
  expect(res.statusCode).toBe(303);
}

const lastEvent = async (action: 'auth.signIn' | 'sso.connectionTested') => {
  const [event] = await deps.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, action)))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  return event;
};

/** Signs `who` in through the IdP and answers the details of the auth.signIn event recorded. */
async function signInBySso(who: { email: string }) {
  const start = await app.inject({ method: 'GET', url: `/sso/${companyId}/login` });
  const cookie = start.cookies.find((c) => c.name === SSO_REQUEST_COOKIE)!.value;
  await answer(who, cookie, requestIdOf(String(start.headers.location)));
  return (await lastEvent('auth.signIn'))!.details;
}

const changeSso = (occurredAt: Date) =>
  recordAuditEvent(deps.database.db, {
    companyId,
    actor: null,
    action: 'sso.settingsChanged',
    target: { type: 'company', id: companyId, name: '' },
    details: { enabled: { before: false, after: true } },
    occurredAt,
  });

describe('a privileged sign-in right after an SSO change', () => {
  it('is not flagged without a change in the last 24 hours', async () => {
    expect(await signInBySso(auditor)).toEqual({ method: 'sso' });
    await changeSso(new Date(Date.now() - 25 * HOUR));
    expect(await signInBySso(auditor)).toEqual({ method: 'sso' });
  });

  it('is flagged, with the change’s time and the privileges, within 24 hours; a plain member is not', async () => {
    const changedAt = new Date(Date.now() - 23 * HOUR);
    await changeSso(changedAt);
    expect(await signInBySso(auditor)).toEqual({
      method: 'sso',
      flag: 'signInAfterSsoChange',
      ssoChangedAt: changedAt.toISOString(),
      roles: ['CompanyAuditor'],
    });
    expect(await signInBySso(member)).toEqual({ method: 'sso' });
  });

  it('is flagged after a change saved through the SSO settings, as the product records it', async () => {
    const db = deps.database.db;
    const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
    const company = (await repo.findCompany(db, companyId))!;
    const settings = (await repo.findSettings(db, companyId))!;
    const before = Date.now();
    await audited(deps, { user: { ...admin, hasMfaSecret: false }, company }, (tx) =>
      repo.saveSettings(tx, { ...settings, nameAttribute: 'cn' }, new Date()),
    );
    const details = (await signInBySso(auditor)) as Record<string, unknown>;
    expect(details).toMatchObject({ flag: 'signInAfterSsoChange', roles: ['CompanyAuditor'] });
    expect(Date.parse(String(details.ssoChangedAt))).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('the connection test', () => {
  it('records who ran it and whom the IdP answered for, with the result', async () => {
    const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
    const started = await startSignIn(deps, companyId, {
      purpose: 'test',
      returnTo: '/sso?test=done',
      userId: admin.id,
    });
    await answer(member, started!.browserToken, requestIdOf(started!.url));
    expect(await lastEvent('sso.connectionTested')).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: 'company',
      targetId: companyId,
      details: { ok: true, email: member.email, member: { id: member.id } },
    });
  });
});
