/**
 * Saves name the version they were based on (docs/decisions.md), for the company-wide settings: SSO settings
 * (a version drawn from what an admin saves) and 企業設定 (its `version` counter), as two admins would meet
 * them. A save on a stale read is refused with the message and changes nothing; a save without If-Match is
 * refused (428); an identical save changes nothing (same version, same 更新日時, no audit event); `*` saves
 * over whatever is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ifMatchOf, type TCompanySettings, type TSsoResponse } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../api-app.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../test/support/fixtures.ts';
import { expectError } from '../../test/support/error-body.ts';
import { idpMetadata, makeKey } from '../../test/support/saml-idp.ts';
import { auditEvents, ssoSettings } from '../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type H = Record<string, string>;
type Answer = Awaited<ReturnType<ApiApp['inject']>>;
const withVersion = (headers: H, version?: string | number) =>
  version === undefined
    ? headers
    : { ...headers, 'if-match': version === '*' ? '*' : ifMatchOf(version) };

/** One company with two admins signed in (A and B), each with their own session. */
async function twoAdmins() {
  const company = await makeCompany(deps);
  const a = await makeUser(deps, company.id, { name: '管理 一郎', roles: ['CompanyAdmin'] });
  const b = await makeUser(deps, company.id, { name: '管理 二郎', roles: ['CompanyAdmin'] });
  return {
    companyId: company.id,
    adminA: a,
    a: (await signIn(deps, a)).headers,
    b: (await signIn(deps, b)).headers,
  };
}
const eventsOf = async (companyId: string, action: string) =>
  (
    await deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, action)))
  ).length;

describe('SSO settings', () => {
  const key = makeKey(365);
  const metadata = (entity: string) =>
    idpMetadata({
      entityId: `https://${entity}.example.test/saml`,
      ssoUrl: 'https://idp.example.test/sso',
      certB64: key.certB64,
    });
  const mapping = (over: object = {}) => ({
    emailAttribute: 'mail',
    nameAttribute: 'displayName',
    organizationAttribute: 'department',
    jitEnabled: false,
    jitGroupIds: [],
    exceptionUserIds: [],
    ...over,
  });
  const read = async (headers: H) => {
    const res = await app.inject({ method: 'GET', url: '/sso_settings', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSsoResponse>();
  };
  const put = (headers: H, path: string, payload: object, version?: string) =>
    app.inject({
      method: 'PUT',
      url: `/sso_settings/${path}`,
      headers: withVersion(headers, version),
      payload,
    });
  const ok = (res: Answer) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSsoResponse>();
  };
  const updatedAt = async (companyId: string) =>
    (
      await deps.database.db
        .select({ at: ssoSettings.updatedAt })
        .from(ssoSettings)
        .where(eq(ssoSettings.companyId, companyId))
    )[0]?.at.toISOString();

  /** Two admins of a company whose IdP is registered, both having read the same settings. */
  async function registered() {
    const w = await twoAdmins();
    const none = await read(w.a);
    expect(none.settings).toBeNull();
    ok(await put(w.a, 'idp_metadata', { xml: metadata('first') }, none.version));
    ok(await put(w.a, 'mapping', mapping({ exceptionUserIds: [w.adminA.id] }), '*'));
    return w;
  }

  it('a mapping save based on a stale read is refused with the message and puts nothing back', async () => {
    const w = await registered();
    const opened = await read(w.b);
    // A changes the 所属 attribute; B, on the settings he read before, then changes the 氏名 attribute.
    const saved = ok(
      await put(
        w.a,
        'mapping',
        mapping({ organizationAttribute: 'division', exceptionUserIds: [w.adminA.id] }),
        opened.version,
      ),
    );
    expect(saved.version).not.toBe(opened.version);
    const events = await eventsOf(w.companyId, 'sso.settingsChanged');
    const stale = await put(
      w.b,
      'mapping',
      mapping({ nameAttribute: 'cn', exceptionUserIds: [w.adminA.id] }),
      opened.version,
    );
    expectError(stale, 'stale_version');
    expect(await read(w.a)).toEqual(saved);
    expect(saved.settings).toMatchObject({
      organizationAttribute: 'division',
      nameAttribute: 'displayName',
    });
    expect(await eventsOf(w.companyId, 'sso.settingsChanged')).toBe(events);
  });

  it('metadata and certificate saves based on a stale read are refused too', async () => {
    const w = await registered();
    const opened = await read(w.b);
    ok(await put(w.a, 'idp_metadata', { xml: metadata('second') }, opened.version));
    const now = await read(w.a);
    expectError(
      await put(w.b, 'idp_metadata', { xml: metadata('third') }, opened.version),
      'stale_version',
    );
    expectError(
      await put(w.b, 'certificates', { certificates: [key.certPem] }, opened.version),
      'stale_version',
    );
    expect(await read(w.a)).toEqual(now);
    expect(now.settings?.idpEntityId).toBe('https://second.example.test/saml');
  });

  it('a save without If-Match is refused (428) and changes nothing', async () => {
    const w = await registered();
    const before = await read(w.a);
    const at = await updatedAt(w.companyId);
    expectError(await put(w.a, 'mapping', mapping({ nameAttribute: 'cn' })), 'version_required');
    expectError(await put(w.a, 'idp_metadata', { xml: metadata('other') }), 'version_required');
    expectError(
      await put(w.a, 'certificates', { certificates: [key.certPem] }),
      'version_required',
    );
    expect(await read(w.a)).toEqual(before);
    expect(await updatedAt(w.companyId)).toBe(at);
  });

  it('an identical save changes nothing: same version, same 更新日時, no audit event', async () => {
    const w = await registered();
    const before = await read(w.a);
    const at = await updatedAt(w.companyId);
    const events = await eventsOf(w.companyId, 'sso.settingsChanged');
    const s = before.settings!;
    const same = mapping({ exceptionUserIds: s.exceptionUserIds });
    expect(ok(await put(w.a, 'mapping', same, before.version))).toEqual(before);
    expect(
      ok(await put(w.a, 'certificates', { certificates: [key.certPem] }, before.version)),
    ).toEqual(before);
    expect(ok(await put(w.a, 'idp_metadata', { xml: metadata('first') }, before.version))).toEqual(
      before,
    );
    expect(await updatedAt(w.companyId)).toBe(at);
    expect(await eventsOf(w.companyId, 'sso.settingsChanged')).toBe(events);
    // B, who read the settings before those saves, can still save his change.
    ok(await put(w.b, 'mapping', mapping({ ...same, nameAttribute: 'cn' }), before.version));
  });

  it('a connection test result does not move the version (an open form stays valid)', async () => {
    const w = await registered();
    const before = await read(w.a);
    await deps.database.db
      .update(ssoSettings)
      .set({
        lastTest: {
          at: new Date().toISOString(),
          ok: true,
          message: '接続できました。',
          attributes: [],
          email: 'admin@example.test',
          member: null,
        },
        updatedAt: new Date(Date.now() + 60_000),
      })
      .where(eq(ssoSettings.companyId, w.companyId));
    const after = await read(w.a);
    expect(after.settings?.lastTest?.ok).toBe(true);
    expect(after.version).toBe(before.version);
  });

  it('If-Match: * saves over whatever is stored', async () => {
    const w = await registered();
    const opened = await read(w.b);
    ok(await put(w.a, 'mapping', mapping({ nameAttribute: 'cn', exceptionUserIds: [] }), '*'));
    const over = ok(await put(w.b, 'mapping', mapping({ organizationAttribute: 'division' }), '*'));
    expect(over.version).not.toBe(opened.version);
    expect(over.settings).toMatchObject({
      nameAttribute: 'displayName',
      organizationAttribute: 'division',
    });
  });
});

describe('企業設定', () => {
  const read = async (headers: H) => {
    const res = await app.inject({ method: 'GET', url: '/company/settings', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ settings: TCompanySettings }>().settings;
  };
  const body = (s: TCompanySettings, over: object = {}) => ({
    name: s.name,
    theme: s.theme,
    flags: s.flags,
    auditRetentionYears: s.auditRetentionYears,
    ...over,
  });
  const put = (headers: H, payload: object, version?: string | number) =>
    app.inject({
      method: 'PUT',
      url: '/company/settings',
      headers: withVersion(headers, version),
      payload,
    });
  const ok = (res: Answer) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ settings: TCompanySettings }>().settings;
  };

  it('a save based on a stale read is refused with the message and puts nothing back', async () => {
    const w = await twoAdmins();
    const opened = await read(w.b);
    const saved = ok(await put(w.a, body(opened, { theme: 'smbc-cloudsign' }), opened.version));
    expect(saved.version).toBe(opened.version + 1);
    const events = await eventsOf(w.companyId, 'company.settingsChanged');
    // B renames the company on the settings he read before A's theme change: the theme would go back.
    expectError(
      await put(w.b, body(opened, { name: '株式会社改名商事' }), opened.version),
      'stale_version',
    );
    expect(await read(w.a)).toEqual(saved);
    expect(await eventsOf(w.companyId, 'company.settingsChanged')).toBe(events);
    // The preview refuses the stale read as well.
    const preview = await app.inject({
      method: 'POST',
      url: '/company/settings/preview',
      headers: withVersion(w.b, opened.version),
      payload: body(opened, { name: '株式会社改名商事' }),
    });
    expectError(preview, 'stale_version');
  });

  it('a save or preview without If-Match is refused (428) and changes nothing', async () => {
    const w = await twoAdmins();
    const before = await read(w.a);
    expectError(await put(w.a, body(before, { name: '版なし商事' })), 'version_required');
    const preview = await app.inject({
      method: 'POST',
      url: '/company/settings/preview',
      headers: w.a,
      payload: body(before),
    });
    expectError(preview, 'version_required');
    expect(await read(w.a)).toEqual(before);
  });

  it('an identical save changes nothing: same version, same 更新日時, no audit event', async () => {
    const w = await twoAdmins();
    const before = await read(w.a);
    expect(ok(await put(w.a, body(before), before.version))).toEqual(before);
    expect(await read(w.a)).toEqual(before);
    expect(await eventsOf(w.companyId, 'company.settingsChanged')).toBe(0);
  });

  it('If-Match: * saves over whatever is stored', async () => {
    const w = await twoAdmins();
    const opened = await read(w.b);
    ok(await put(w.a, body(opened, { theme: 'smbc-cloudsign' }), opened.version));
    const over = ok(await put(w.b, body(opened, { name: '株式会社上書き商事' }), '*'));
    expect(over).toMatchObject({
      name: '株式会社上書き商事',
      theme: 'cloudsign',
      version: opened.version + 2,
    });
  });
});

describe('the API reference', () => {
  it('documents If-Match and 428 on each of these saves, and no version in 企業設定’s body', async () => {
    type Op = {
      parameters?: { in: string; name: string }[];
      requestBody?: { content: Record<string, { schema: { properties?: object } }> };
      responses: Record<string, unknown>;
    };
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    const paths = res.json<{ paths: Record<string, Record<string, Op>> }>().paths;
    const saves: [string, string][] = [
      ['/company/settings', 'put'],
      ['/company/settings/preview', 'post'],
      ['/sso_settings/idp_metadata', 'put'],
      ['/sso_settings/mapping', 'put'],
      ['/sso_settings/certificates', 'put'],
    ];
    for (const [path, method] of saves) {
      const op = paths[path]?.[method];
      expect(op?.parameters, `${method} ${path}`).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'if-match' }),
      );
      expect(Object.keys(op?.responses ?? {}), `${method} ${path}`).toEqual(
        expect.arrayContaining(['409', '428']),
      );
    }
    const body = paths['/company/settings']!.put!.requestBody!.content['application/json']!;
    expect(Object.keys(body.schema.properties ?? {})).not.toContain('version');
    // SSO on/off stays unversioned (docs/decisions.md).
    expect(paths['/sso_settings/enabled']!.put!.parameters ?? []).not.toContainEqual(
      expect.objectContaining({ name: 'if-match' }),
    );
  });
});
