/**
 * THE permission matrix: every API route → the status class each caller must get, and
 * how to call it. Expectations follow docs/design.md §1 "Tenancy and permissions", not what the code happens
 * to do:
 * - CompanyAdmin: everything. Cabinet admin (no company privilege): their cabinet's name, note, groups,
 *   admins and documents, and seeing its classification rules and backfills; not setting rules (they pull
 *   others' documents in: a company admin's grant), not creating or deleting cabinets. Plain member: read the
 *   cabinets their groups give them and the documents in them. Members, groups, bulk runs, exports and the
 *   attribute items: CompanyAdmin. A cabinet admin picks their cabinet's admins and groups through the
 *   cabinet's own candidate calls, and may list members only with `cabinetId` of a cabinet they administer.
 * - Another company's admin, given company A's ids: 404, never 403. On calls without ids they act on their
 *   own company (2xx). No token or an expired token: 401, except the public routes.
 * The test fails for any route of /openapi.json missing here, so a new route cannot be forgotten.
 */
import { authenticator } from 'otplib';
import { newTotpSecret } from '../../src/auth/mfa.ts';
import type { World } from './hardening.world.ts';
import { PDF_BYTES, multipartBody, unique } from './hardening.world.ts';
import type { Role } from './hardening.world.ts';

export type Expected = '2xx' | 401 | 403 | 404;
export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};
export type MatrixEntry = {
  expect: Record<Role, Expected>;
  /** Called once per case: calls that destroy their target get a fresh one. */
  call: (w: World) => Call | Promise<Call>;
  /** Not in /openapi.json on purpose (operational routes); listed so they are checked too. */
  hidden?: true;
};

const ok = '2xx' as const;
const TAX_PERIOD = { from: '令和6年4月1日', to: '令和7年3月31日' };
/** Columns: company admin, cabinet admin, plain member, other company's admin, no token, expired token. */
const x = (
  companyAdmin: Expected,
  cabinetAdmin: Expected,
  member: Expected,
  otherCompany: Expected,
  noToken: Expected = 401,
  expiredToken: Expected = noToken,
) => ({
  companyAdmin,
  cabinetAdmin,
  member,
  otherCompany,
  noToken,
  expiredToken,
});

const get = (url: string): Call => ({ method: 'GET', url });
/** A settings change both test companies accept (same plan and flags), on the version reset first. */
const settingsCall = async (w: World, method: Call['method'], url: string): Promise<Call> => ({
  method,
  url,
  payload: {
    name: unique('株式会社テスト'),
    theme: 'cloudsign',
    flags: { mfa: false, documentApproval: true, auditLog: true, documentImport: true },
  },
  headers: { 'if-match': `"${await w.fresh.settingsVersion()}"` },
});
const send = (method: Call['method'], url: string, payload: unknown = {}): Call => ({
  method,
  url,
  payload,
});
/** A versioned save (If-Match) that overwrites on purpose: the matrix is about who, not which version. */
const saveOver = (url: string, payload: unknown): Call => ({
  ...send('PUT', url, payload),
  headers: { 'if-match': '*' },
});
const csvUpload = (url: string): Call => {
  const mp = multipartBody([
    {
      name: 'filename',
      filename: 'upload.csv',
      type: 'text/csv',
      bytes: Buffer.from('メールアドレス\r\nnew@example.test\r\n'),
    },
  ]);
  return { method: 'POST', url, payload: mp.payload, headers: mp.headers };
};

/** An IP restriction every company accepts whoever saves it: 無効 everywhere. */
const IP_RESTRICTION_OFF = {
  console: { mode: 'off', ranges: [] },
  scim: { mode: 'off', ranges: [] },
  sso: { mode: 'off', ranges: [] },
};
const PUBLIC = x(ok, ok, ok, ok, ok, ok);
/** Company admins only; others of company A: 403; company B acts on its own company. */
const ADMIN_ONLY = x(ok, 403, 403, ok);
/** Company admins only, on company A's id: company B gets 404. */
const ADMIN_ONLY_ID = x(ok, 403, 403, 404);
/** Whoever manages company A's cabinet. */
const MANAGERS = x(ok, ok, 403, 404);
/** Whoever reads company A's cabinet or document. */
const READERS = x(ok, ok, ok, 404);

const mb = (w: World) => `/members/bulk_manipulations/${w.memberUpload.id}`;
const ab = (w: World) => `/documents/attributes/bulk_manipulations/${w.attributeUpload.id}`;

/**
 * /scim/v2 answers provisioning tokens only: a console token, anyone's, is 401 there (the SCIM tests prove
 * the tokens themselves, scim.replay.test.ts and provisioning-tokens.test.ts). Not in /openapi.json: SCIM's
 * reference is RFC 7644.
 */
const SCIM_ROUTES: Record<string, MatrixEntry> = Object.fromEntries(
  (
    [
      ['GET', '/ServiceProviderConfig'],
      ['GET', '/Schemas'],
      ['GET', '/Schemas/{id}'],
      ['GET', '/ResourceTypes'],
      ['GET', '/Users'],
      ['POST', '/Users'],
      ['GET', '/Users/{id}'],
      ['PUT', '/Users/{id}'],
      ['PATCH', '/Users/{id}'],
      ['DELETE', '/Users/{id}'],
      ['GET', '/Groups'],
      ['POST', '/Groups'],
      ['GET', '/Groups/{id}'],
      ['PUT', '/Groups/{id}'],
      ['PATCH', '/Groups/{id}'],
      ['DELETE', '/Groups/{id}'],
    ] as const
  ).map(([method, path]) => [
    `${method} /scim/v2${path}`,
    {
      expect: x(401, 401, 401, 401, 401, 401),
      call: (w: World) => ({
        method,
        url: `/scim/v2${path.replace('{id}', w.users.targetA.id)}`,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { schemas: [] } }),
      }),
      hidden: true,
    },
  ]),
);

export const PERMISSION_MATRIX: Record<string, MatrixEntry> = {
  // System
  'GET /healthz': { expect: PUBLIC, call: () => get('/healthz') },
  // Only for the scraper holding METRICS_TOKEN (set by the matrix test); metrics.test.ts has the rest.
  'GET /metrics': {
    expect: x(401, 401, 401, 401, 401, 401),
    call: () => get('/metrics'),
    hidden: true,
  },
  'GET /openapi.json': { expect: PUBLIC, call: () => get('/openapi.json'), hidden: true },
  'GET /docs': { expect: PUBLIC, call: () => get('/docs'), hidden: true },
  'POST /client-logs': {
    expect: PUBLIC,
    call: () => ({
      method: 'POST',
      url: '/client-logs',
      payload: '',
      headers: { 'content-type': 'text/plain' },
    }),
    hidden: true,
  },
  'GET /me': { expect: x(ok, ok, ok, ok), call: () => get('/me') },

  // アカウント設定: every member, on his own account only; another's session id is not found.
  'GET /account': { expect: x(ok, ok, ok, ok), call: () => get('/account') },
  'POST /account/password': {
    expect: x(ok, ok, ok, ok),
    call: async (w) => {
      const known = await w.fresh.knownPassword();
      return send('POST', '/account/password', {
        currentPassword: known,
        password: known,
        confirmation: known,
      });
    },
  },
  'GET /account/sessions': { expect: x(ok, ok, ok, ok), call: () => get('/account/sessions') },
  'DELETE /account/sessions/{id}': {
    expect: x(ok, 404, 404, 404),
    call: async (w) => ({
      method: 'DELETE',
      url: `/account/sessions/${await w.fresh.adminSession()}`,
    }),
  },
  'GET /account/mfa/secret': { expect: x(ok, ok, ok, ok), call: () => get('/account/mfa/secret') },
  'POST /account/mfa': {
    expect: x(ok, ok, ok, ok),
    call: async (w) => {
      await w.fresh.noMfa();
      const secret = newTotpSecret();
      return send('POST', '/account/mfa', { secret, code: authenticator.generate(secret) });
    },
  },
  'POST /account/sessions/end_others': {
    expect: x(ok, ok, ok, ok),
    call: () => ({ method: 'POST', url: '/account/sessions/end_others' }),
  },

  // Documents
  'GET /documents': { expect: x(ok, ok, ok, ok), call: () => get('/documents') },
  'GET /documents/{id}': { expect: READERS, call: (w) => get(`/documents/${w.document.id}`) },
  'GET /documents/{id}/files/{fileId}': {
    expect: READERS,
    call: (w) => get(`/documents/${w.document.id}/files/${w.file.id}`),
  },
  'PUT /documents/{id}/attribute': {
    expect: MANAGERS,
    call: (w) => ({
      ...send('PUT', `/documents/${w.document.id}/attribute`, { localId: unique('L-') }),
      headers: { 'if-match': '*' },
    }),
  },
  // Import needs 書類インポート権限 (or 組織管理権限, contract documents.ts); nobody else here holds it.
  // Company B's admin names company A's cabinet: 404.
  'POST /documents/import': {
    expect: x(ok, 403, 403, 404),
    call: (w) => {
      const mp = multipartBody([
        { name: 'cabinetId', value: w.cabinet.id },
        { name: 'files', filename: '契約書.pdf', type: 'application/pdf', bytes: PDF_BYTES },
      ]);
      return { method: 'POST', url: '/documents/import', payload: mp.payload, headers: mp.headers };
    },
  },
  'GET /document_attribute_options': {
    expect: x(ok, ok, ok, ok),
    call: () => get('/document_attribute_options'),
  },
  'PUT /document_attribute_options': {
    expect: ADMIN_ONLY,
    call: () => ({
      ...send('PUT', '/document_attribute_options', { documentAttributeOptions: [] }),
      headers: { 'if-match': '*' },
    }),
  },

  // Cabinets
  'POST /cabinets': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/cabinets', { name: unique('新規') }),
  },
  'GET /cabinets': { expect: x(ok, ok, ok, ok), call: () => get('/cabinets') },
  'GET /cabinets/{id}': { expect: READERS, call: (w) => get(`/cabinets/${w.cabinet.id}`) },
  'PUT /cabinets/{id}': {
    expect: MANAGERS,
    call: (w) => saveOver(`/cabinets/${w.cabinet.id}`, { name: unique('改名'), note: '' }),
  },
  'DELETE /cabinets/{id}': {
    expect: ADMIN_ONLY_ID,
    call: async (w) => send('DELETE', `/cabinets/${(await w.fresh.cabinet()).id}`, undefined),
  },
  'PUT /cabinets/{id}/member_groups': {
    expect: MANAGERS,
    call: (w) =>
      send('PUT', `/cabinets/${w.cabinet.id}/member_groups`, { memberGroupIds: [w.group.id] }),
  },
  'DELETE /cabinets/{id}/member_groups': {
    expect: MANAGERS,
    call: (w) =>
      send('DELETE', `/cabinets/${w.cabinet.id}/member_groups`, { memberGroupId: w.spareGroup.id }),
  },
  'POST /cabinets/{id}/admins': {
    expect: MANAGERS,
    call: (w) =>
      send('POST', `/cabinets/${w.cabinet.id}/admins`, { userIds: [w.users.cabinetAdminA.id] }),
  },
  'DELETE /cabinets/{id}/admins': {
    expect: MANAGERS,
    call: (w) =>
      send('DELETE', `/cabinets/${w.cabinet.id}/admins`, { userIds: [w.users.targetA.id] }),
  },
  'POST /cabinets/{id}/documents': {
    expect: MANAGERS,
    call: (w) =>
      send('POST', `/cabinets/${w.cabinet.id}/documents`, { documentIds: [w.document.id] }),
  },
  'DELETE /cabinets/{id}/documents': {
    expect: MANAGERS,
    call: async (w) =>
      send('DELETE', `/cabinets/${w.cabinet.id}/documents`, {
        documentIds: [(await w.fresh.document()).id],
      }),
  },
  'GET /cabinets/{id}/alert_settings': {
    expect: MANAGERS,
    call: (w) => get(`/cabinets/${w.cabinet.id}/alert_settings`),
  },
  'PUT /cabinets/{id}/alert_settings': {
    expect: MANAGERS,
    call: (w) =>
      saveOver(`/cabinets/${w.cabinet.id}/alert_settings`, {
        rules: [{ dateItem: 'validityEndAt', daysBefore: 30 }],
        memberIds: [],
        groupIds: [],
      }),
  },
  // Each member's own: the deadlines of what he reads, and his own calendar feed.
  'GET /documents_upcoming_deadlines': {
    expect: x(ok, ok, ok, ok),
    call: () => get('/documents_upcoming_deadlines'),
  },
  'GET /account/calendar_feed': {
    expect: x(ok, ok, ok, ok),
    call: () => get('/account/calendar_feed'),
  },
  'POST /account/calendar_feed': {
    expect: x(ok, ok, ok, ok),
    call: () => send('POST', '/account/calendar_feed', undefined),
  },
  'DELETE /account/calendar_feed': {
    expect: x(ok, ok, ok, ok),
    call: () => send('DELETE', '/account/calendar_feed', undefined),
  },
  // The secret in the URL is the credential: an unknown one is 401 to everyone, signed in or not.
  'GET /calendar_feeds/{file}': {
    expect: x(401, 401, 401, 401, 401, 401),
    call: () => get('/calendar_feeds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics'),
    hidden: true,
  },
  'POST /cabinets/{id}/classification_rules': {
    expect: ADMIN_ONLY_ID,
    call: (w) =>
      send('POST', `/cabinets/${w.cabinet.id}/classification_rules`, {
        memberGroupIds: [w.group.id],
        backfill: false,
      }),
  },
  'DELETE /cabinets/{id}/classification_rules': {
    expect: ADMIN_ONLY_ID,
    call: (w) =>
      send('DELETE', `/cabinets/${w.cabinet.id}/classification_rules`, {
        memberGroupIds: [w.spareGroup.id],
      }),
  },
  'POST /cabinets/{id}/classification_rules/dry_run': {
    expect: ADMIN_ONLY_ID,
    call: (w) =>
      send('POST', `/cabinets/${w.cabinet.id}/classification_rules/dry_run`, {
        memberGroupIds: [w.group.id],
      }),
  },
  'GET /cabinets/{id}/classification_rules/backfills': {
    expect: MANAGERS,
    call: (w) => get(`/cabinets/${w.cabinet.id}/classification_rules/backfills`),
  },
  'GET /cabinets/{id}/classification_rules/backfills/{backfillId}': {
    expect: MANAGERS,
    call: (w) => get(`/cabinets/${w.cabinet.id}/classification_rules/backfills/${w.backfill.id}`),
  },
  'GET /cabinets/{id}/access': {
    expect: MANAGERS,
    call: (w) => get(`/cabinets/${w.cabinet.id}/access`),
  },
  'GET /cabinets/{id}/member_candidates': {
    expect: MANAGERS,
    call: (w) => get(`/cabinets/${w.cabinet.id}/member_candidates`),
  },
  'GET /cabinets/{id}/group_candidates': {
    expect: MANAGERS,
    call: (w) => get(`/cabinets/${w.cabinet.id}/group_candidates`),
  },
  // What a member may read: company admins ask about anyone, a member about themselves (here: the member).
  'GET /cabinets_read_document/{id}': {
    expect: x(ok, 403, ok, 404),
    call: (w) => get(`/cabinets_read_document/${w.users.memberA.id}`),
  },

  // Members
  'GET /members': { expect: x(ok, 403, 403, ok), call: () => get('/members') },
  'GET /users/{id}': { expect: ADMIN_ONLY_ID, call: (w) => get(`/users/${w.users.targetA.id}`) },
  'POST /users': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/users', { email: `${unique('new')}@example.test` }),
  },
  'PUT /users/{id}': {
    expect: ADMIN_ONLY_ID,
    call: (w) => saveOver(`/users/${w.users.targetA.id}`, { organization: unique('部署') }),
  },
  'DELETE /users/{id}': {
    expect: ADMIN_ONLY_ID,
    call: async (w) => send('DELETE', `/users/${(await w.fresh.user()).id}`, undefined),
  },
  'GET /users/{id}/holdings': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/users/${w.users.targetA.id}/holdings`),
  },
  'PUT /users/{id}/remind_register': {
    expect: ADMIN_ONLY_ID,
    call: (w) => send('PUT', `/users/${w.users.targetA.id}/remind_register`, undefined),
  },
  'PUT /users/{id}/password_reset': {
    expect: ADMIN_ONLY_ID,
    // A fresh member: the call signs its target out, which must not touch the callers of other cases.
    call: async (w) => send('PUT', `/users/${(await w.fresh.user()).id}/password_reset`, undefined),
  },
  'PUT /users/{id}/deactivate': {
    expect: ADMIN_ONLY_ID,
    call: async (w) => send('PUT', `/users/${(await w.fresh.user()).id}/deactivate`, undefined),
  },
  'PUT /users/{id}/restore': {
    expect: ADMIN_ONLY_ID,
    call: async (w) =>
      send('PUT', `/users/${(await w.fresh.deactivatedUser()).id}/restore`, undefined),
  },
  'DELETE /users/{id}/mfa': {
    expect: ADMIN_ONLY_ID,
    call: (w) => send('DELETE', `/users/${w.users.targetA.id}/mfa`, undefined),
  },

  // Audit log: 監査ログ閲覧権限 only (the company admin lacks it); B's auditor reads B's own log
  'GET /audit_events': { expect: x(403, 403, 403, ok), call: () => get('/audit_events') },
  'GET /audit_events/head': {
    expect: x(403, 403, 403, ok),
    call: () => get('/audit_events/head'),
  },
  'GET /audit_events/{id}': {
    expect: x(403, 403, 403, 404),
    call: (w) => get(`/audit_events/${w.auditEventA.id}`),
  },
  'POST /audit_events/exports': {
    expect: x(403, 403, 403, ok),
    call: () => send('POST', '/audit_events/exports', { encoding: 'utf8bom' }),
  },
  'POST /audit_events/correction_history': {
    expect: x(403, 403, 403, ok),
    call: () =>
      send('POST', '/audit_events/correction_history', {
        from: '2026-01-01',
        to: '2026-01-31',
        encoding: 'utf8bom',
      }),
  },
  'GET /audit_events/exports/{id}': {
    expect: x(403, 403, 403, 404),
    call: (w) => get(`/audit_events/exports/${w.auditExport.id}`),
  },
  'GET /audit_events/exports/{id}/csv': {
    expect: x(403, 403, 403, 404),
    call: (w) => get(`/audit_events/exports/${w.auditExport.id}/csv`),
  },
  // まとめてダウンロード: company admins (members too while the company setting is on, off here); another
  // company's admin downloads his own company's documents, and its runs are missing to him.
  'POST /documents/downloads': {
    expect: x(ok, 403, 403, ok),
    call: () => send('POST', '/documents/downloads', { encoding: 'utf8bom' }),
  },
  'GET /documents/downloads/{id}': {
    expect: x(ok, 403, 403, 404),
    call: (w) => get(`/documents/downloads/${w.documentDownload.id}`),
  },
  'GET /documents/downloads/{id}/zip': {
    expect: x(ok, 403, 403, 404),
    call: (w) => get(`/documents/downloads/${w.documentDownload.id}/zip`),
  },
  // 税務調査対応: company admins only; another company's admin packs his own company's documents, and
  // company A's packs are missing to him.
  'POST /tax_audit_packs/count': {
    expect: x(ok, 403, 403, ok),
    call: () => send('POST', '/tax_audit_packs/count', { period: TAX_PERIOD }),
  },
  'POST /tax_audit_packs': {
    expect: x(ok, 403, 403, ok),
    call: () => send('POST', '/tax_audit_packs', { period: TAX_PERIOD, encoding: 'utf8bom' }),
  },
  'GET /tax_audit_packs/{id}': {
    expect: x(ok, 403, 403, 404),
    call: (w) => get(`/tax_audit_packs/${w.taxAuditPack.id}`),
  },
  'GET /tax_audit_packs/{id}/zip': {
    expect: x(ok, 403, 403, 404),
    call: (w) => get(`/tax_audit_packs/${w.taxAuditPack.id}/zip`),
  },
  // Company settings: company admins only; another company's admin acts on their own company.
  'GET /company/settings': { expect: x(ok, 403, 403, ok), call: () => get('/company/settings') },
  'PUT /company/settings': {
    expect: x(ok, 403, 403, ok),
    call: (w) => settingsCall(w, 'PUT', '/company/settings'),
  },
  'POST /company/settings/preview': {
    expect: x(ok, 403, 403, ok),
    call: (w) => settingsCall(w, 'POST', '/company/settings/preview'),
  },
  'GET /company/session_limits': {
    expect: x(ok, 403, 403, ok),
    call: () => get('/company/session_limits'),
  },
  'PUT /company/session_limits': {
    expect: x(ok, 403, 403, ok),
    call: () =>
      saveOver('/company/session_limits', { idleTimeoutMinutes: null, sessionMaxHours: 12 }),
  },
  'POST /company/session_limits/preview': {
    expect: x(ok, 403, 403, ok),
    call: () => ({
      ...send('POST', '/company/session_limits/preview', {
        idleTimeoutMinutes: 30,
        sessionMaxHours: 12,
      }),
      headers: { 'if-match': '*' },
    }),
  },
  'GET /company/settings/invitation_budget': {
    expect: x(ok, 403, 403, ok),
    call: () => get('/company/settings/invitation_budget'),
  },
  'POST /company/settings/mfa_reminders': {
    expect: x(ok, 403, 403, ok),
    call: () => send('POST', '/company/settings/mfa_reminders', undefined),
  },
  // IP address restriction: company admins only; another company's admin acts on their own company.
  'GET /company/ip_restriction': { expect: ADMIN_ONLY, call: () => get('/company/ip_restriction') },
  'PUT /company/ip_restriction': {
    expect: ADMIN_ONLY,
    call: () => saveOver('/company/ip_restriction', IP_RESTRICTION_OFF),
  },
  'POST /company/ip_restriction/preview': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/company/ip_restriction/preview', IP_RESTRICTION_OFF),
  },
  'GET /company/ip_restriction/csv': {
    expect: ADMIN_ONLY,
    call: () => get('/company/ip_restriction/csv?scope=console&encoding=utf8bom'),
  },
  'POST /company/ip_restriction/csv': {
    expect: ADMIN_ONLY,
    call: () => {
      const mp = multipartBody([
        {
          name: 'filename',
          filename: 'ip.csv',
          type: 'text/csv',
          bytes: Buffer.from('IPアドレス（CIDR）,メモ\r\n203.0.113.0/24,本社\r\n'),
        },
      ]);
      return { method: 'POST', url: '/company/ip_restriction/csv', ...mp };
    },
  },
  // Leavers from provisioning: company admins only; another company's admin acts on their own company.
  'GET /company/provisioning/leavers': {
    expect: ADMIN_ONLY,
    call: () => get('/company/provisioning/leavers'),
  },
  'PUT /company/provisioning/leavers': {
    expect: ADMIN_ONLY,
    call: () =>
      saveOver('/company/provisioning/leavers', {
        successorRule: 'cabinetAdmins',
        fallbackMemberId: null,
        brakeThreshold: null,
      }),
  },
  'GET /company/provisioning/deactivations': {
    expect: ADMIN_ONLY,
    call: () => get('/company/provisioning/deactivations'),
  },
  'POST /company/provisioning/deactivations/apply': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/company/provisioning/deactivations/apply', { all: true }),
  },
  'POST /company/provisioning/deactivations/cancel': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/company/provisioning/deactivations/cancel', { all: true }),
  },

  // Member groups
  'GET /member_groups': { expect: x(ok, 403, 403, ok), call: () => get('/member_groups') },
  'POST /member_groups': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/member_groups', { name: unique('新グループ') }),
  },
  'GET /member_groups/{id}': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/member_groups/${w.group.id}`),
  },
  'PUT /member_groups/{id}': {
    expect: ADMIN_ONLY_ID,
    call: (w) => saveOver(`/member_groups/${w.spareGroup.id}`, { note: unique('備考') }),
  },
  'DELETE /member_groups/{id}': {
    expect: ADMIN_ONLY_ID,
    call: async (w) => send('DELETE', `/member_groups/${(await w.fresh.group()).id}`, undefined),
  },
  'POST /member_groups/{id}/users': {
    expect: ADMIN_ONLY_ID,
    call: (w) =>
      send('POST', `/member_groups/${w.group.id}/users`, { userIds: [w.users.memberA.id] }),
  },
  'DELETE /member_groups/{id}/users': {
    expect: ADMIN_ONLY_ID,
    call: (w) =>
      send('DELETE', `/member_groups/${w.spareGroup.id}/users`, { userIds: [w.users.targetA.id] }),
  },

  // SSO settings (company admins; another company's admin acts on their own company)
  'GET /sso_settings': { expect: ADMIN_ONLY, call: () => get('/sso_settings') },
  'GET /sso_settings/sp_metadata': {
    expect: ADMIN_ONLY,
    call: () => get('/sso_settings/sp_metadata'),
  },
  'GET /sso_settings/enable_preview': {
    expect: ADMIN_ONLY,
    call: () => get('/sso_settings/enable_preview'),
  },
  'PUT /sso_settings/idp_metadata': {
    expect: ADMIN_ONLY,
    call: (w) => saveOver('/sso_settings/idp_metadata', { xml: w.sso.metadata }),
  },
  'PUT /sso_settings/mapping': {
    expect: ADMIN_ONLY,
    call: () =>
      saveOver('/sso_settings/mapping', {
        emailAttribute: 'mail',
        nameAttribute: 'displayName',
        organizationAttribute: 'department',
        jitEnabled: false,
        jitGroupIds: [],
        exceptionUserIds: [],
      }),
  },
  'PUT /sso_settings/certificates': {
    expect: ADMIN_ONLY,
    call: (w) =>
      saveOver('/sso_settings/certificates', { certificates: w.sso.rolloverCertificates }),
  },
  'PUT /sso_settings/enabled': {
    expect: ADMIN_ONLY,
    call: () => send('PUT', '/sso_settings/enabled', { enabled: false }),
  },
  'GET /sso_settings/domains': { expect: ADMIN_ONLY, call: () => get('/sso_settings/domains') },
  'POST /sso_settings/domains': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/sso_settings/domains', { domain: `${unique('d')}.example.test` }),
  },
  'POST /sso_settings/domains/{id}/verify': {
    expect: ADMIN_ONLY_ID,
    call: (w) => send('POST', `/sso_settings/domains/${w.sso.verifiedDomainId}/verify`, undefined),
  },
  'DELETE /sso_settings/domains/{id}': {
    expect: ADMIN_ONLY_ID,
    call: async (w) =>
      send('DELETE', `/sso_settings/domains/${await w.sso.newDomainId()}`, undefined),
  },

  // 企業設定 › プロビジョニング: the SCIM tokens and their log are a company admin's.
  'GET /provisioning/tokens': { expect: ADMIN_ONLY, call: () => get('/provisioning/tokens') },
  'POST /provisioning/tokens': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/provisioning/tokens', { name: unique('トークン') }),
  },
  'POST /provisioning/tokens/{id}/revoke': {
    expect: ADMIN_ONLY_ID,
    call: async (w) =>
      send('POST', `/provisioning/tokens/${await w.fresh.provisioningToken()}/revoke`, undefined),
  },
  'GET /provisioning/log': { expect: ADMIN_ONLY, call: () => get('/provisioning/log') },
  ...SCIM_ROUTES,

  // Member bulk operations
  'GET /members/bulk_add/csv_template': {
    expect: ADMIN_ONLY,
    call: () => get('/members/bulk_add/csv_template'),
  },
  'GET /members/bulk_delete/csv_template': {
    expect: ADMIN_ONLY,
    call: () => get('/members/bulk_delete/csv_template'),
  },
  'POST /members/bulk_add': { expect: ADMIN_ONLY, call: () => csvUpload('/members/bulk_add') },
  'POST /members/bulk_edit': { expect: ADMIN_ONLY, call: () => csvUpload('/members/bulk_edit') },
  'POST /members/bulk_delete': {
    expect: ADMIN_ONLY,
    call: () => csvUpload('/members/bulk_delete'),
  },
  'GET /members/bulk_manipulations': {
    expect: ADMIN_ONLY,
    call: () => get('/members/bulk_manipulations'),
  },
  'GET /members/bulk_manipulations/{id}': { expect: ADMIN_ONLY_ID, call: (w) => get(mb(w)) },
  'PUT /members/bulk_manipulations/{id}': {
    expect: ADMIN_ONLY_ID,
    call: (w) => send('PUT', mb(w), { action: 'cancel' }),
  },
  'GET /members/bulk_manipulations/{id}/rows': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`${mb(w)}/rows`),
  },
  'GET /members/bulk_manipulations/{id}/errors.csv': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`${mb(w)}/errors.csv`),
  },
  'GET /members/bulk_manipulations/{id}/result.csv': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`${mb(w)}/result.csv`),
  },
  'GET /members/bulk_manipulations/{id}/file': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`${mb(w)}/file`),
  },
  'POST /members/export/csv': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/members/export/csv', { encoding: 'utf8bom' }),
  },
  'GET /members/export/{id}/status': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/members/export/${w.memberExport.id}/status`),
  },
  'GET /members/export/{id}': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/members/export/${w.memberExport.id}`),
  },
  'GET /members/export/{id}/csv': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/members/export/${w.memberExport.id}/csv`),
  },
  'POST /members/bulk_edit/csv_template': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/members/bulk_edit/csv_template', { encoding: 'utf8bom' }),
  },
  'GET /members/bulk_edit/csv_template/{id}/status': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/members/bulk_edit/csv_template/${w.memberEditTemplate.id}/status`),
  },
  'GET /members/bulk_edit/csv_template/{id}': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/members/bulk_edit/csv_template/${w.memberEditTemplate.id}`),
  },
  'GET /members/bulk_edit/csv_template/{id}/csv': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/members/bulk_edit/csv_template/${w.memberEditTemplate.id}/csv`),
  },
  'POST /members/bulk_edit/csv_template/{id}/edit': {
    expect: ADMIN_ONLY_ID,
    call: (w) => send('POST', `/members/bulk_edit/csv_template/${w.memberEditTemplate.id}/edit`),
  },

  // Document attribute bulk edit (enterprise; both companies are)
  'POST /documents/attributes/bulk_edit/csv': {
    expect: ADMIN_ONLY,
    call: () => send('POST', '/documents/attributes/bulk_edit/csv', { encoding: 'utf8bom' }),
  },
  'GET /documents/attributes/bulk_edit/csv/{id}/status': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/documents/attributes/bulk_edit/csv/${w.attributeDownload.id}/status`),
  },
  'GET /documents/attributes/bulk_edit/csv/{id}': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/documents/attributes/bulk_edit/csv/${w.attributeDownload.id}`),
  },
  'GET /documents/attributes/bulk_edit/csv/{id}/csv': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`/documents/attributes/bulk_edit/csv/${w.attributeDownload.id}/csv`),
  },
  'POST /documents/attributes/bulk_edit': {
    expect: ADMIN_ONLY,
    call: () => csvUpload('/documents/attributes/bulk_edit'),
  },
  'GET /documents/attributes/bulk_manipulations': {
    expect: ADMIN_ONLY,
    call: () => get('/documents/attributes/bulk_manipulations'),
  },
  'GET /documents/attributes/bulk_manipulations/{id}': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(ab(w)),
  },
  'PUT /documents/attributes/bulk_manipulations/{id}': {
    expect: ADMIN_ONLY_ID,
    call: (w) => send('PUT', ab(w), { action: 'cancel' }),
  },
  'GET /documents/attributes/bulk_manipulations/{id}/rows': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`${ab(w)}/rows`),
  },
  'GET /documents/attributes/bulk_manipulations/{id}/errors.csv': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`${ab(w)}/errors.csv`),
  },
  'GET /documents/attributes/bulk_manipulations/{id}/result.csv': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`${ab(w)}/result.csv`),
  },
  'GET /documents/attributes/bulk_manipulations/{id}/file': {
    expect: ADMIN_ONLY_ID,
    call: (w) => get(`${ab(w)}/file`),
  },
};
