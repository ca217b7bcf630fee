/**
 * Every SSO settings change is in the audit log with before → after, a new IdP or certificate drops the last
 * connection test, and the company's other admins are mailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { TSsoResponse } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { idpMetadata, makeKey, type TestKey } from '../../../test/support/saml-idp.ts';
import { auditEvents, memberGroups } from '../../db/schema.ts';
import * as repo from './sso.repository.ts';
import { certificateInfo } from './sso-metadata.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let companyId: string;
let admin: { id: string; name: string; email: string; companyId: string };
let otherAdmin: { email: string };
let stoppedAdmin: { email: string };
let groupId: string;
let first: TestKey;
let next: TestKey;
const IDP = 'https://idp.example.test/saml';
const SSO_URL = 'https://idp.example.test/sso';
const fingerprint = (k: TestKey) => certificateInfo(k.certB64).fingerprint;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  first = makeKey(365);
  next = makeKey(730, 'test-idp-next');
  const company = await makeCompany(deps, { name: '株式会社監査商事' });
  companyId = company.id;
  admin = await makeUser(deps, companyId, { name: '変更 太郎', roles: ['CompanyAdmin'] });
  otherAdmin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
  stoppedAdmin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'], status: 3 });
  await makeUser(deps, companyId, { roles: ['CompanyAuditor'] });
  const [group] = await deps.database.db
    .insert(memberGroups)
    .values({ companyId, name: '情報システム部', type: 0 })
    .returning();
  groupId = group!.id;
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

// About what is recorded, not versions: a save goes over whatever is stored (If-Match: *).
const call = (url: string, payload: object) =>
  app.inject({
    method: 'PUT',
    url: `/sso_settings/${url}`,
    headers: { ...headers, 'if-match': '*' },
    payload,
  });
const ssoEvents = async () =>
  (
    await deps.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, 'sso.settingsChanged')),
      )
      .orderBy(asc(auditEvents.seq))
  ).map((e) => ({ actorId: e.actorId, target: e.targetId, details: e.details }));
/** As if the connection test had just succeeded. */
async function passTest() {
  const row = (await repo.findSettings(deps.database.db, companyId))!;
  const lastTest = {
    at: new Date().toISOString(),
    ok: true,
    message: '',
    attributes: [],
    email: '',
    member: null,
  };
  await repo.saveSettings(deps.database.db, { ...row, lastTest }, new Date());
}
const mapping = {
  emailAttribute: 'mail',
  nameAttribute: 'displayName',
  organizationAttribute: 'department',
  jitEnabled: false,
  jitGroupIds: [] as string[],
  exceptionUserIds: [] as string[],
};

describe('SSO settings changes in the audit log', () => {
  it('records the IdP registered, the certificate added (the test dropped), the mapping and SSO switched on', async () => {
    expect(
      (
        await call('idp_metadata', {
          xml: idpMetadata({ entityId: IDP, ssoUrl: SSO_URL, certB64: first.certB64 }),
        })
      ).statusCode,
    ).toBe(200);
    await passTest();
    const res = await call('certificates', { certificates: [first.certPem, next.certPem] });
    expect(res.statusCode).toBe(200);
    expect(res.json<TSsoResponse>().settings!.lastTest).toBeNull();
    await call('mapping', {
      ...mapping,
      jitEnabled: true,
      jitGroupIds: [groupId],
      exceptionUserIds: [admin.id],
    });
    await passTest();
    expect((await call('enabled', { enabled: true })).statusCode).toBe(200);

    const events = await ssoEvents();
    expect(events).toHaveLength(4);
    for (const e of events) expect(e).toMatchObject({ actorId: admin.id, target: companyId });
    expect(events.map((e) => e.details)).toEqual([
      {
        idpEntityId: { before: null, after: IDP },
        idpSsoUrl: { before: null, after: SSO_URL },
        certificates: { before: [], after: [fingerprint(first)] },
        emailAttribute: { before: null, after: expect.stringContaining('emailaddress') as unknown },
        nameAttribute: { before: null, after: expect.any(String) as unknown },
        organizationAttribute: { before: null, after: expect.any(String) as unknown },
      },
      {
        certificates: {
          before: [fingerprint(first)],
          after: [fingerprint(first), fingerprint(next)],
        },
        lastTestCleared: true,
      },
      {
        emailAttribute: {
          before: expect.stringContaining('emailaddress') as unknown,
          after: 'mail',
        },
        nameAttribute: { before: expect.any(String) as unknown, after: 'displayName' },
        organizationAttribute: { before: expect.any(String) as unknown, after: 'department' },
        jitEnabled: { before: false, after: true },
        jitGroups: { before: [], after: [{ id: groupId, name: '情報システム部' }] },
        exceptions: { before: [], after: [{ id: admin.id, name: '変更 太郎' }] },
      },
      { enabled: { before: false, after: true } },
    ]);
  });

  it('records nothing for a refused change or one that changes nothing', async () => {
    const count = (await ssoEvents()).length;
    expect((await call('idp_metadata', { xml: 'XMLではありません' })).statusCode).toBe(400);
    expect(
      (await call('certificates', { certificates: ['-----BEGIN CERTIFICATE-----x'] })).statusCode,
    ).toBe(400);
    expect(
      (
        await call('mapping', {
          ...mapping,
          jitEnabled: true,
          jitGroupIds: [groupId],
          exceptionUserIds: [admin.id],
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('enabled', { enabled: true })).statusCode).toBe(200);
    expect(await ssoEvents()).toHaveLength(count);
  });

  it('mails the other company admins who can sign in, never the one who changed it', async () => {
    const notices = () =>
      deps.sentMails.filter((m) => m.subject === '【クラウドサイン】SSO設定が変更されました');
    await expect.poll(() => notices().length, { timeout: 20_000 }).toBe(4);
    expect(new Set(notices().map((m) => m.to))).toEqual(new Set([otherAdmin.email]));
    const bodies = notices().map((m) => m.text);
    expect(bodies[1]).toContain('変更された項目: IdP 証明書（SHA-256 フィンガープリント）');
    expect(bodies[3]).toContain('変更された項目: SSO の有効・無効');
    expect(bodies[0]).toContain(`> 変更 太郎（${admin.email}）`);
    expect(notices().some((m) => m.to === stoppedAdmin.email || m.to === admin.email)).toBe(false);
  });
});
