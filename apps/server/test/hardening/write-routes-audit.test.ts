/**
 * Every write leaves its audit event (STYLE.md "Where features meet"): each POST, PUT, PATCH and DELETE of the
 * API's own /openapi.json is called once with a valid request that changes something, by a caller it accepts,
 * and must add at least one event to that caller's company log. A new write route fails here until it records
 * its event or is added to NO_EVENT with the reason it writes nothing auditable.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import {
  auditEvents,
  cabinetAdmins,
  cabinetClassificationRules,
  cabinetMemberGroups,
  memberGroupUsers,
} from '../../src/db/schema.ts';
import { makeDocument } from '../support/fixtures.ts';
import * as ssoRepo from '../../src/modules/sso/sso.repository.ts';
import { idpMetadata, makeKey } from '../support/saml-idp.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { buildWorld, unique, type Role, type World } from './hardening.world.ts';
import { PERMISSION_MATRIX, type Call } from './permission-matrix.table.ts';

/** Routes that change nothing a company's auditors need to see, each with its reason. */
const NO_EVENT: Record<string, string> = {
  // A preview of which documents the rules would file: nothing is stored.
  'POST /cabinets/{id}/classification_rules/dry_run': 'preview, writes nothing',
  // The counts and names the admin confirms before saving: nothing is stored (the save records them).
  'POST /company/settings/preview': 'preview, writes nothing',
  'POST /company/session_limits/preview': 'preview, writes nothing',
  'POST /company/ip_restriction/preview': 'preview, writes nothing',
  // 税務調査対応's count before producing: a read sent as a body; producing the pack records its event.
  'POST /tax_audit_packs/count': 'counts, writes nothing',
  // Reads an uploaded list into the form; the save that follows records the change.
  'POST /company/ip_restriction/csv': 'reads a file into the form, writes nothing',
};

/**
 * Routes that do record their event, but whose change this test cannot make: each is called (it must answer
 * 2xx) and its event is proven by the named test.
 */
const EVENT_PROVEN_ELSEWHERE: Record<string, string> = {
  // Verifying needs a DNS server answering the TXT record (test/support/local-dns.ts); here the world's
  // domain is verified already, which changes nothing. sso-domains.test.ts checks sso.domainVerified.
  'POST /sso_settings/domains/{id}/verify': 'sso-domains.test.ts',
  // Need deactivations held by the brake (SCIM past the hour's limit): leavers.test.ts checks both events.
  'POST /company/provisioning/deactivations/apply': 'leavers.test.ts',
  'POST /company/provisioning/deactivations/cancel': 'leavers.test.ts',
};

/**
 * The permission matrix's call, unless it changes nothing in the world it meets (an event for a change that
 * did not happen would be noise, so those calls rightly record none): these change something real.
 */
const CHANGING: Record<
  string,
  { call: (w: World) => Call | Promise<Call>; before?: (w: World) => Promise<void> }
> = {
  // The matrix saves the defaults again, which changes nothing; these save a value the world does not hold.
  'PUT /company/session_limits': {
    call: () => ({
      method: 'PUT',
      url: '/company/session_limits',
      headers: { 'if-match': '*' },
      payload: { idleTimeoutMinutes: 1440, sessionMaxHours: 12 },
    }),
  },
  'PUT /company/ip_restriction': {
    call: () => ({
      method: 'PUT',
      url: '/company/ip_restriction',
      headers: { 'if-match': '*' },
      payload: {
        console: { mode: 'off', ranges: [] },
        scim: { mode: 'log', ranges: [{ cidr: '192.0.2.0/24', memo: 'IdP' }] },
        sso: { mode: 'off', ranges: [] },
      },
    }),
  },
  'PUT /company/provisioning/leavers': {
    call: () => ({
      method: 'PUT',
      url: '/company/provisioning/leavers',
      headers: { 'if-match': '*' },
      payload: { successorRule: 'cabinetAdmins', fallbackMemberId: null, brakeThreshold: 77 },
    }),
  },
  'PUT /document_attribute_options': {
    call: () => ({
      method: 'PUT',
      url: '/document_attribute_options',
      headers: { 'if-match': '*' },
      payload: {
        documentAttributeOptions: [
          { name: unique('項目').slice(0, 20), isEnabled: true, isRequired: false },
        ],
      },
    }),
  },
  'PUT /sso_settings/idp_metadata': {
    call: () => ({
      method: 'PUT',
      url: '/sso_settings/idp_metadata',
      headers: { 'if-match': '*' },
      payload: {
        xml: idpMetadata({
          entityId: `https://${unique('idp')}.example.test/saml`,
          ssoUrl: 'https://idp.example.test/sso',
          certB64: makeKey().certB64,
        }),
      },
    }),
  },
  'PUT /sso_settings/mapping': {
    call: () => ({
      method: 'PUT',
      url: '/sso_settings/mapping',
      headers: { 'if-match': '*' },
      payload: {
        emailAttribute: 'mail',
        nameAttribute: unique('name'),
        organizationAttribute: 'department',
        jitEnabled: false,
        jitGroupIds: [],
        exceptionUserIds: [],
      },
    }),
  },
  // The world's member is in the group already; a new member is added, one put in the group is removed.
  'POST /member_groups/{id}/users': {
    call: async (w) => ({
      method: 'POST',
      url: `/member_groups/${w.group.id}/users`,
      payload: { userIds: [(await w.fresh.user()).id] },
    }),
  },
  'DELETE /member_groups/{id}/users': {
    call: async (w) => {
      const user = await w.fresh.user();
      await deps.database.db
        .insert(memberGroupUsers)
        .values({ groupId: w.spareGroup.id, userId: user.id });
      return {
        method: 'DELETE',
        url: `/member_groups/${w.spareGroup.id}/users`,
        payload: { userIds: [user.id] },
      };
    },
  },
  // A cabinet's links: what is added is not there yet, what is removed is (adding what is there records nothing).
  'PUT /cabinets/{id}/member_groups': {
    call: async (w) => ({
      method: 'PUT',
      url: `/cabinets/${w.cabinet.id}/member_groups`,
      payload: { memberGroupIds: [(await w.fresh.group()).id] },
    }),
  },
  'DELETE /cabinets/{id}/member_groups': {
    call: async (w) => {
      const group = await w.fresh.group();
      await deps.database.db
        .insert(cabinetMemberGroups)
        .values({ cabinetId: w.cabinet.id, groupId: group.id });
      return {
        method: 'DELETE',
        url: `/cabinets/${w.cabinet.id}/member_groups`,
        payload: { memberGroupId: group.id },
      };
    },
  },
  'POST /cabinets/{id}/admins': {
    call: async (w) => ({
      method: 'POST',
      url: `/cabinets/${w.cabinet.id}/admins`,
      payload: { userIds: [(await w.fresh.user()).id] },
    }),
  },
  'DELETE /cabinets/{id}/admins': {
    call: async (w) => {
      const user = await w.fresh.user();
      await deps.database.db
        .insert(cabinetAdmins)
        .values({ cabinetId: w.cabinet.id, userId: user.id });
      return {
        method: 'DELETE',
        url: `/cabinets/${w.cabinet.id}/admins`,
        payload: { userIds: [user.id] },
      };
    },
  },
  'POST /cabinets/{id}/documents': {
    call: async (w) => ({
      method: 'POST',
      url: `/cabinets/${w.cabinet.id}/documents`,
      payload: { documentIds: [(await makeDocument(deps, w.companyA.id)).id] },
    }),
  },
  'DELETE /cabinets/{id}/classification_rules': {
    call: async (w) => {
      const group = await w.fresh.group();
      await deps.database.db
        .insert(cabinetClassificationRules)
        .values({ cabinetId: w.cabinet.id, groupId: group.id });
      return {
        method: 'DELETE',
        url: `/cabinets/${w.cabinet.id}/classification_rules`,
        payload: { memberGroupIds: [group.id] },
      };
    },
  },
  // With another session of the calling admin open, so there is one to end.
  'POST /account/sessions/end_others': {
    before: async (w) => {
      await w.fresh.adminSession();
    },
    call: () => ({ method: 'POST', url: '/account/sessions/end_others' }),
  },
  // Switched off from on (switching on needs a passed connection test: sso-audit.test.ts).
  'PUT /sso_settings/enabled': {
    before: async (w) => {
      const db = deps.database.db;
      const settings = (await ssoRepo.findSettings(db, w.companyA.id))!;
      // The calling admin stays a break-glass exception, or SSO on would end their password session.
      await ssoRepo.saveSettings(
        db,
        { ...settings, exceptionUserIds: [w.users.adminA.id] },
        new Date(),
      );
      await ssoRepo.setEnabled(db, w.companyA.id, true);
    },
    call: () => ({ method: 'PUT', url: '/sso_settings/enabled', payload: { enabled: false } }),
  },
};

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];
/** The first caller the matrix lets through: the company admin, else company B's admin (also its auditor). */
const CALLERS: Role[] = ['companyAdmin', 'otherCompany', 'cabinetAdmin', 'member'];

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  await app.ready();
  w = await buildWorld(deps);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await deps?.cleanup();
});

async function writeRoutes(): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' });
  const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => WRITE_METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

const eventCount = async (companyId: string) =>
  (
    await deps.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.companyId, companyId))
  )[0]!.n;

describe('every write route of /openapi.json leaves an audit event', () => {
  it('records at least one event in the caller’s company for each, except the explained previews', async () => {
    const routes = await writeRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const stale = [...Object.keys(NO_EVENT), ...Object.keys(EVENT_PROVEN_ELSEWHERE)].filter(
      (r) => !routes.includes(r),
    );
    expect(stale, 'allowlist rows for routes /openapi.json does not list').toEqual([]);
    const silent: string[] = [];
    const refused: string[] = [];
    for (const route of routes) {
      const entry = PERMISSION_MATRIX[route];
      if (!entry) {
        refused.push(`${route}: no row in permission-matrix.table.ts to call it with`);
        continue;
      }
      const role = CALLERS.find((r) => entry.expect[r] === '2xx');
      if (!role) {
        refused.push(`${route}: no caller of the matrix may call it`);
        continue;
      }
      const companyId = role === 'otherCompany' ? w.companyB.id : w.companyA.id;
      const changing = CHANGING[route];
      await changing?.before?.(w);
      const call = await (changing?.call ?? entry.call)(w);
      const before = await eventCount(companyId);
      const res = await app.inject({
        method: call.method,
        url: call.url,
        headers: { ...w.headers[role], ...call.headers },
        ...(call.payload === undefined ? {} : { payload: call.payload as string }),
      });
      if (res.statusCode >= 300) {
        refused.push(`${route} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const recorded = (await eventCount(companyId)) - before;
      if (route in EVENT_PROVEN_ELSEWHERE) continue;
      if (route in NO_EVENT) {
        // A preview that starts recording is fine; the row must then go.
        if (recorded > 0) silent.push(`${route}: records an event, remove it from NO_EVENT`);
      } else if (recorded === 0) silent.push(`${route} as ${role}: no audit event`);
    }
    expect(refused, 'write routes the test could not call with a valid request').toEqual([]);
    expect(silent, 'write routes that change something without an audit event').toEqual([]);
  });
});
