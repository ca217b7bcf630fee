/**
 * Issue 8 suite 4: request bodies and CSV columns that carry what the caller may not set (`companyId`, `id`,
 * `roles`, `status`, `createdAt`, `isSystem`…) are rejected or ignored, never stored. Every case reads the
 * result back through the API and from the database.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkKind, BulkStatus, type TBulkManipulation } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import {
  bulkManipulations,
  cabinetAdmins,
  cabinetMemberGroups,
  cabinets,
  documentAttributeOptions,
  documents,
  memberGroups,
  users,
} from '../../src/db/schema.ts';
import { rowsOf, settle, upload, utf8 } from '../support/member-bulk.world.ts';
import { PDF_BYTES, buildWorld, multipartBody, unique, type World } from './hardening.world.ts';
import { expectError } from '../support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;
let admin: { authorization: string };
let cases = 0;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  await app.ready();
  w = await buildWorld(deps);
  admin = w.headers.companyAdmin as { authorization: string };
});

afterAll(async () => {
  console.info(`mass assignment: ${cases} cases`);
  await app?.close();
  await deps?.cleanup();
});

const db = () => deps.database.db;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const userByEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0];
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = admin,
) =>
  app.inject({
    method,
    url,
    // About what a body may set, not versions: a save goes over whatever is stored (If-Match: *).
    headers: method === 'PUT' ? { 'if-match': '*', ...headers } : headers,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

/** What a caller might try to set on any row: the server decides all of these. */
const FORGED = {
  companyId: () => w.companyB.id,
  company_id: () => w.companyB.id,
  id: () => randomUUID(),
  status: () => 1,
  createdAt: () => '2000-01-01T00:00:00.000Z',
  updatedAt: () => '2000-01-01T00:00:00.000Z',
  isSystem: () => true,
  type: () => 1,
} as const;
const FORGED_KEYS = Object.keys(FORGED) as (keyof typeof FORGED)[];

describe('mass assignment in JSON bodies', () => {
  it("query parameters naming another company are ignored: lists stay the caller's company", async () => {
    const forged = `companyId=${w.companyB.id}&company_id=${w.companyB.id}&cid=${w.companyB.id}`;
    const members = await call('GET', `/members?${forged}`);
    const documentsRes = await call('GET', `/documents?${forged}`);
    const cabinetsRes = await call('GET', `/cabinets?${forged}`);
    cases += 3;
    for (const res of [members, documentsRes, cabinetsRes])
      expect(res.statusCode, res.body).toBe(200);
    // The forged parameters change nothing: each answer is the caller's own list, exactly as without them.
    const memberIds = members.json<{ members: { id: string }[] }>().members.map((m) => m.id);
    expect(memberIds).toContain(w.users.adminA.id);
    expect(documentsRes.body).toContain(w.document.id);
    expect(cabinetsRes.body).toContain(w.cabinet.id);
    const plain = [
      await call('GET', '/members'),
      await call('GET', '/documents'),
      await call('GET', '/cabinets'),
    ];
    expect([members, documentsRes, cabinetsRes].map((r) => r.json<unknown>())).toEqual(
      plain.map((r) => r.json<unknown>()),
    );
  });

  it('POST /users rejects every server-decided key and stores no member', async () => {
    for (const key of [...FORGED_KEYS, 'mfa', 'passwordHash', 'privileges', 'theme'] as const) {
      const email = `${unique('forged')}@example.test`;
      const value =
        key in FORGED
          ? FORGED[key as keyof typeof FORGED]()
          : key === 'mfa'
            ? 1
            : key === 'privileges'
              ? ['CompanyAdmin']
              : 'x';
      const res = await call('POST', '/users', { email, [key]: value });
      cases += 1;
      expectError(res, 'validation_failed', undefined, [
        { path: '', message: `指定できない項目が含まれています: ${key}` },
      ]);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
      expect(await userByEmail(email), key).toBeUndefined();
    }
  });

  it('PUT /users/{id} rejects server-decided keys and changes nothing; nobody changes their own roles', async () => {
    const before = await userRow(w.users.targetA.id);
    for (const key of [...FORGED_KEYS, 'mfa', 'email_verified'] as const) {
      const value = key in FORGED ? FORGED[key as keyof typeof FORGED]() : 1;
      const res = await call('PUT', `/users/${w.users.targetA.id}`, {
        name: '書き換え',
        [key]: value,
      });
      cases += 1;
      expectError(res, 'validation_failed', undefined, [
        { path: '', message: `指定できない項目が含まれています: ${key}` },
      ]);
    }
    expect(await userRow(w.users.targetA.id)).toEqual(before);
    const api = await call('GET', `/users/${w.users.targetA.id}`);
    expect(api.json<{ user: unknown }>().user).toMatchObject({ name: before!.name, status: 0 });

    const self = await call('PUT', `/users/${w.users.adminA.id}`, {
      roles: ['CompanyAdmin', 'CompanyAuditor'],
    });
    cases += 1;
    expectError(self, 'self_forbidden', '自分自身の権限は変更できません。', [
      { path: 'roles', message: '自分自身の権限は変更できません。' },
    ]);
    expect((await userRow(w.users.adminA.id))!.roles).toEqual(['CompanyAdmin']);
  });

  it('member groups: type, company, id and counts cannot be set', async () => {
    for (const key of [...FORGED_KEYS, 'memberCount'] as const) {
      const name = unique('偽装');
      const value = key in FORGED ? FORGED[key as keyof typeof FORGED]() : 999;
      const res = await call('POST', '/member_groups', { name, [key]: value });
      cases += 1;
      expectError(res, 'validation_failed', undefined, [
        { path: '', message: `指定できない項目が含まれています: ${key}` },
      ]);
      expect(await db().select().from(memberGroups).where(eq(memberGroups.name, name))).toEqual([]);
    }
    const [before] = await db()
      .select()
      .from(memberGroups)
      .where(eq(memberGroups.id, w.spareGroup.id));
    for (const key of FORGED_KEYS) {
      const res = await call('PUT', `/member_groups/${w.spareGroup.id}`, {
        note: '書き換え',
        [key]: FORGED[key](),
      });
      cases += 1;
      expectError(res, 'validation_failed', undefined, [
        { path: '', message: `指定できない項目が含まれています: ${key}` },
      ]);
    }
    const [after] = await db()
      .select()
      .from(memberGroups)
      .where(eq(memberGroups.id, w.spareGroup.id));
    expect(after).toEqual(before);
  });

  it('cabinets: a created or renamed cabinet keeps the server-decided type, company, id, admins and groups', async () => {
    const forgedId = randomUUID();
    const extra = {
      id: forgedId,
      companyId: w.companyB.id,
      company_id: w.companyB.id,
      type: 1,
      isSystem: true,
      isAdmin: true,
      createdAt: '2000-01-01T00:00:00.000Z',
      admins: [{ id: w.users.memberA.id, name: 'x', email: 'x@example.test' }],
      memberGroups: [{ id: w.group.id, name: 'x', type: 0 }],
      classificationRules: [{ id: w.group.id, name: 'x', type: 0 }],
    };
    const name = unique('新キャビネット');
    const created = await call('POST', '/cabinets', { name, ...extra });
    cases += 1;
    // Refused like every other body (a silently dropped key hides a client's mistake and invites probing).
    expect(created.statusCode, created.body).toBe(400);
    expect(
      created.json<{ error: { code: string; details: { message: string }[] } }>().error,
    ).toMatchObject({
      code: 'validation_failed',
      details: [{ message: `指定できない項目が含まれています: ${Object.keys(extra).join(', ')}` }],
    });
    const [row] = await db().select().from(cabinets).where(eq(cabinets.name, name));
    if (created.statusCode === 201) {
      expect(row).toMatchObject({ companyId: w.companyA.id, type: 0 });
      expect(row!.id).not.toBe(forgedId);
      expect(row!.createdAt.getFullYear()).toBeGreaterThan(2020);
      expect(
        await db().select().from(cabinetAdmins).where(eq(cabinetAdmins.cabinetId, row!.id)),
      ).toEqual([]);
      expect(
        await db()
          .select()
          .from(cabinetMemberGroups)
          .where(eq(cabinetMemberGroups.cabinetId, row!.id)),
      ).toEqual([]);
      const read = await call('GET', `/cabinets/${row!.id}`);
      expect(read.json<{ cabinet: unknown }>().cabinet).toMatchObject({
        type: 0,
        admins: [],
        memberGroups: [],
        classificationRules: [],
      });
    } else expect(row).toBeUndefined();

    // A cabinet admin renaming their cabinet cannot widen it: admins, groups and type stay.
    const asCabinetAdmin = w.headers.cabinetAdmin;
    const renamed = await call(
      'PUT',
      `/cabinets/${w.cabinet.id}`,
      { name: unique('改名'), note: '', ...extra },
      asCabinetAdmin,
    );
    cases += 1;
    expectError(renamed, 'validation_failed', undefined, [
      {
        path: '',
        message:
          '指定できない項目が含まれています: id, companyId, company_id, type, isSystem, isAdmin, createdAt, admins, memberGroups, classificationRules',
      },
    ]);
    const [c] = await db().select().from(cabinets).where(eq(cabinets.id, w.cabinet.id));
    expect(c).toMatchObject({ companyId: w.companyA.id, type: 0 });
    const admins = await db()
      .select()
      .from(cabinetAdmins)
      .where(eq(cabinetAdmins.cabinetId, w.cabinet.id));
    expect(admins.map((a) => a.userId)).toEqual([w.users.cabinetAdminA.id]);
    expect(await db().select().from(cabinets).where(eq(cabinets.id, forgedId))).toEqual([]);
  });

  it('PUT /documents/{id}/attribute rejects document fields that are not attributes', async () => {
    const [before] = await db().select().from(documents).where(eq(documents.id, w.document.id));
    const forged = {
      ...FORGED,
      senderId: () => w.users.memberA.id,
      concludedAt: () => '2000-01-01T00:00:00.000Z',
      cabinets: () => [],
    };
    for (const [key, value] of Object.entries(forged)) {
      const res = await call('PUT', `/documents/${w.document.id}/attribute`, {
        localId: 'L-1',
        [key]: value(),
      });
      cases += 1;
      expectError(res, 'validation_failed', undefined, [
        { path: '', message: `書類情報にない項目です: ${key}` },
      ]);
    }
    const [after] = await db().select().from(documents).where(eq(documents.id, w.document.id));
    expect(after).toEqual(before);
  });

  it('PUT /document_attribute_options rejects ids, companies and positions it does not own and changes nothing', async () => {
    const forgedId = randomUUID();
    const optionsBefore = await db().select().from(documentAttributeOptions);
    const res = await call('PUT', '/document_attribute_options', {
      documentAttributeOptions: [
        {
          name: '部署',
          isEnabled: true,
          isRequired: false,
          companyId: w.companyB.id,
          position: 99,
          createdAt: '2000-01-01T00:00:00.000Z',
        },
      ],
    });
    cases += 1;
    expect([res.statusCode, res.json<unknown>()]).toEqual([
      400,
      {
        error: {
          code: 'validation_failed',
          message: '入力内容に誤りがあります。',
          details: [
            {
              path: 'documentAttributeOptions.0',
              message: '指定できない項目が含まれています: companyId, position, createdAt',
            },
          ],
          requestId: res.headers['x-request-id'],
        },
      },
    ]);
    expect(await db().select().from(documentAttributeOptions)).toEqual(optionsBefore);
    // An id the company never had is an error, not a way to adopt someone's row.
    const adopt = await call('PUT', '/document_attribute_options', {
      documentAttributeOptions: [
        { id: forgedId, name: '部署', isEnabled: true, isRequired: false },
      ],
    });
    cases += 1;
    const notFound = '1番目の項目は見つかりません。画面を更新してやり直してください。';
    expect([adopt.statusCode, adopt.json<unknown>()]).toEqual([
      400,
      {
        error: {
          code: 'validation_failed',
          message: notFound,
          details: [{ path: 'documentAttributeOptions.0.id', message: notFound }],
          requestId: adopt.headers['x-request-id'],
        },
      },
    ]);
    expect(await db().select().from(documentAttributeOptions)).toEqual(optionsBefore);
  });

  it('POST /documents/import: an unknown field or a forged attribute stores no document', async () => {
    const count = async () => (await db().select({ id: documents.id }).from(documents)).length;
    const before = await count();
    const withField = multipartBody([
      { name: 'cabinetId', value: w.cabinet.id },
      { name: 'companyId', value: w.companyB.id },
      { name: 'files', filename: '偽装.pdf', type: 'application/pdf', bytes: PDF_BYTES },
    ]);
    const r1 = await app.inject({
      method: 'POST',
      url: '/documents/import',
      headers: { ...admin, ...withField.headers },
      payload: withField.payload,
    });
    cases += 1;
    expectError(r1, 'validation_failed', '不明な項目です: companyId', [
      { path: 'companyId', message: '不明な項目です: companyId' },
    ]);
    for (const [key, value] of Object.entries({ ...FORGED, senderId: () => w.users.memberA.id })) {
      const mp = multipartBody([
        { name: 'cabinetId', value: w.cabinet.id },
        { name: 'attributes', value: JSON.stringify([{ counterparty: '偽装', [key]: value() }]) },
        { name: 'files', filename: '偽装.pdf', type: 'application/pdf', bytes: PDF_BYTES },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/documents/import',
        headers: { ...admin, ...mp.headers },
        payload: mp.payload,
      });
      cases += 1;
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      expect(res.json<{ results: unknown[] }>().results[0], key).toMatchObject({ ok: false });
    }
    expect(await count()).toBe(before);
  });

  it('bulk runs: execute/cancel and CSV requests keep the server-decided company, kind, status and files', async () => {
    const forged = {
      companyId: w.companyB.id,
      status: BulkStatus.Succeeded,
      kind: BulkKind.Delete,
      target: 'document_attributes',
      createdBy: w.users.memberA.id,
      outputFileKey: '../../etc/passwd',
      inputFileKey: '../../etc/passwd',
      counts: { delete: 1 },
    };
    const cancel = await call('PUT', `/members/bulk_manipulations/${w.memberUpload.id}`, {
      action: 'cancel',
      ...forged,
    });
    cases += 1;
    expectError(cancel, 'validation_failed', undefined, [
      {
        path: '',
        message:
          '指定できない項目が含まれています: companyId, status, kind, target, createdBy, outputFileKey, inputFileKey, counts',
      },
    ]);
    const [m] = await db()
      .select()
      .from(bulkManipulations)
      .where(eq(bulkManipulations.id, w.memberUpload.id));
    expect(m).toMatchObject({
      companyId: w.companyA.id,
      kind: BulkKind.Add,
      target: 'members',
      createdBy: w.users.adminA.id,
      counts: {},
    });
    expect(m!.inputFileKey).not.toContain('..');
    expect(m!.outputFileKey).toBeNull();

    for (const url of [
      '/members/export/csv',
      '/members/bulk_edit/csv_template',
      '/documents/attributes/bulk_edit/csv',
    ]) {
      const runs = await db().select({ id: bulkManipulations.id }).from(bulkManipulations);
      const res = await call('POST', url, { encoding: 'utf8bom', ...forged });
      cases += 1;
      // Refused whole, naming every forged field; no export or template run is created.
      expectError(res, 'validation_failed', undefined, [
        {
          path: '',
          message:
            '指定できない項目が含まれています: companyId, status, kind, target, createdBy, outputFileKey, inputFileKey, counts',
        },
      ]);
      expect(await db().select({ id: bulkManipulations.id }).from(bulkManipulations), url).toEqual(
        runs,
      );
    }
  });
});

/** Uploads a member CSV and waits for its check. */
async function checkedMemberUpload(
  kind: 'bulk_add' | 'bulk_edit' | 'bulk_delete',
  rows: string[][],
) {
  const m = await upload(app, admin, kind, utf8(rows));
  return settle(app, admin, m.id);
}

describe('unknown keys in every JSON body', () => {
  it('each operation of /openapi.json with a JSON body refuses an unknown key with its name, before anything runs', async () => {
    const doc = (await call('GET', '/openapi.json', undefined, {})).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, unknown> } }>
      >;
    }>();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.requestBody?.content?.['application/json'])
        .map(([method, op]) => ({
          method: method.toUpperCase() as 'POST' | 'PUT' | 'DELETE',
          path,
          op,
        })),
    );
    expect(operations.length).toBeGreaterThan(20);
    const refused: string[] = [];
    for (const { method, path } of operations) {
      // Ids of the caller's own company's items of the path's kind, so nothing but the body can be wrong (a save
      // of one item looks the item up before its body: 404 comes before 400).
      const id = path.startsWith('/users/')
        ? w.users.targetA.id
        : path.startsWith('/member_groups/')
          ? w.group.id
          : path.startsWith('/documents/')
            ? w.document.id
            : w.cabinet.id;
      const url = path.replace(/\{[^}]+\}/g, () => id);
      // The audit log answers only holders of 監査ログ閲覧権限 (a 403 comes before the body is read): company B's
      // admin holds it, and these paths name no id, so only the body can be wrong there too.
      const caller = path.startsWith('/audit_events')
        ? (w.headers.otherCompany as { authorization: string })
        : admin;
      const res = await call(method, url, { companyId: w.companyB.id }, caller);
      cases += 1;
      const details =
        res.statusCode === 400
          ? (res.json<{ error: { details?: { message: string }[] } }>().error.details ?? [])
          : [];
      if (details.some((d) => d.message.includes('companyId'))) refused.push(`${method} ${path}`);
    }
    expect(
      operations.map((o) => `${o.method} ${o.path}`).filter((o) => !refused.includes(o)),
    ).toEqual([]);
  });
});

describe('mass assignment in CSV columns', () => {
  const forbiddenColumns = [
    'companyId',
    'company_id',
    'id',
    'roles',
    'privileges',
    'status',
    '状態',
    'createdAt',
    '作成日時',
    'isSystem',
    '2要素認証',
  ];

  it('a member add file with a column the add template does not have fails its check and adds nobody', async () => {
    const uploads = [];
    for (const column of [...forbiddenColumns, 'メンバーID', '更新日時']) {
      const email = `${unique('csv')}@example.test`;
      uploads.push({
        column,
        email,
        m: await upload(
          app,
          admin,
          'bulk_add',
          utf8([
            ['メールアドレス', '氏名', column],
            [email, '偽装 太郎', column === 'メンバーID' ? randomUUID() : '1'],
          ]),
        ),
      });
    }
    for (const u of uploads) {
      const m = await settle(app, admin, u.m.id);
      cases += 1;
      expect(m.status, u.column).toBe(BulkStatus.CheckFailed);
      expect(JSON.stringify(m.fileError), u.column).toContain(u.column);
      const exec = await call('PUT', `/members/bulk_manipulations/${m.id}`, { action: 'execute' });
      expectError(
        exec,
        'invalid_state',
        'チェックが完了し、エラーのない一括操作だけを実行できます。',
      );
      expect(await userByEmail(u.email), u.column).toBeUndefined();
    }
  });

  it("an edit or delete file naming another company's member is a row error; that member is untouched", async () => {
    const outsider = await userRow(w.users.adminB.id);
    const edit = await checkedMemberUpload('bulk_edit', [
      ['メンバーID', '氏名', '組織管理権限'],
      [w.users.adminB.id, '乗っ取り', '0'],
      [w.users.targetA.id, '正当な変更', ''],
    ]);
    const del = await checkedMemberUpload('bulk_delete', [['メンバーID'], [w.users.adminB.id]]);
    cases += 2;
    const editRows = (await rowsOf(app, admin, edit.id)).rows;
    expect(editRows.find((r) => r.rowNumber === 2)).toMatchObject({
      action: 'error',
      errors: [{ column: 'メンバーID' }],
    });
    expect(editRows.find((r) => r.rowNumber === 3)).toMatchObject({ action: 'update' });
    expect((await rowsOf(app, admin, del.id)).rows[0]).toMatchObject({
      action: 'error',
      errors: [{ column: 'メンバーID' }],
    });
    expect(del.status).toBe(BulkStatus.CheckFailed);
    expect(await userRow(w.users.adminB.id)).toEqual(outsider);
    const asB = await call('GET', `/users/${w.users.adminB.id}`, undefined, w.headers.otherCompany);
    expect(asB.json<{ user: unknown }>().user).toMatchObject({
      name: outsider!.name,
      roles: ['CompanyAdmin', 'CompanyAuditor'],
    });
  });

  it('an edit file cannot change the uploader’s own privileges, nor carry server-decided columns', async () => {
    const self = await checkedMemberUpload('bulk_edit', [
      ['メンバーID', '組織管理権限', '監査ログ閲覧権限'],
      [w.users.adminA.id, '1', '1'],
    ]);
    cases += 1;
    expect((await rowsOf(app, admin, self.id)).rows[0]).toMatchObject({ action: 'error' });
    // Uploaded together, checked together: the worker takes them as one batch.
    const uploads = [];
    for (const column of forbiddenColumns) {
      uploads.push({
        column,
        m: await upload(
          app,
          admin,
          'bulk_edit',
          utf8([
            ['メンバーID', '氏名', column],
            [w.users.targetA.id, '偽装', '1'],
          ]),
        ),
      });
    }
    for (const u of uploads) {
      const { column } = u;
      const m = await settle(app, admin, u.m.id);
      cases += 1;
      expect(m.status, column).toBe(BulkStatus.CheckFailed);
      expect(JSON.stringify(m.fileError), column).toContain(column);
    }
    expect((await userRow(w.users.adminA.id))!.roles).toEqual(['CompanyAdmin']);
    expect((await userRow(w.users.targetA.id))!.status).toBe(0);
  });

  it("an attribute file naming another company's document, or a column that is not an attribute, changes nothing", async () => {
    const [outsiderDoc] = await db()
      .select()
      .from(documents)
      .where(eq(documents.id, w.b.document.id));
    const [ownDoc] = await db().select().from(documents).where(eq(documents.id, w.document.id));
    const attributeUpload = async (rows: string[][]) => {
      const mp = multipartBody([
        { name: 'filename', filename: 'attributes.csv', type: 'text/csv', bytes: utf8(rows) },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/documents/attributes/bulk_edit',
        headers: { ...admin, ...mp.headers },
        payload: mp.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ manipulation: TBulkManipulation }>().manipulation.id;
    };
    const checked = (id: string) =>
      settle(app, admin, id, `/documents/attributes/bulk_manipulations/${id}`);
    const foreign = await checked(
      await attributeUpload([
        ['書類ID', '更新日時', '契約相手の名称'],
        [w.b.document.id, '2026-01-01T00:00:00.000+09:00', '乗っ取り'],
      ]),
    );
    cases += 1;
    const rows = await app.inject({
      method: 'GET',
      url: `/documents/attributes/bulk_manipulations/${foreign.id}/rows`,
      headers: admin,
    });
    expect(rows.json<{ rows: unknown[] }>().rows[0]).toMatchObject({
      action: 'error',
      errors: [{ column: '書類ID' }],
    });
    const uploads = [];
    for (const column of [
      ...forbiddenColumns,
      'ステータス',
      'タイトル',
      '送信者',
      'キャビネット',
    ]) {
      uploads.push({
        column,
        id: await attributeUpload([
          ['書類ID', '更新日時', column],
          [w.document.id, '2026-01-01T00:00:00.000+09:00', '1'],
        ]),
      });
    }
    for (const { column, id } of uploads) {
      const m = await checked(id);
      cases += 1;
      expect(m.status, column).toBe(BulkStatus.CheckFailed);
      expect(JSON.stringify(m.fileError), column).toContain(column);
    }
    expect(
      (await db().select().from(documents).where(eq(documents.id, w.b.document.id)))[0],
    ).toEqual(outsiderDoc);
    expect((await db().select().from(documents).where(eq(documents.id, w.document.id)))[0]).toEqual(
      ownDoc,
    );
  });

  it('a user-defined item cannot take the name of a built-in CSV column (it would shadow 書類ID or 更新日時)', async () => {
    for (const name of ['書類ID', '更新日時', '管理番号']) {
      const res = await call('PUT', '/document_attribute_options', {
        documentAttributeOptions: [{ name, isEnabled: true, isRequired: false }],
      });
      cases += 1;
      const shadows = `「${name}」は書類情報の既定の項目名のため使えません。別の名前にしてください。`;
      expectError(res, 'validation_failed', undefined, [
        { path: 'documentAttributeOptions.0.name', message: shadows },
      ]);
      expect(
        (
          await db()
            .select()
            .from(documentAttributeOptions)
            .where(eq(documentAttributeOptions.name, name))
        ).length,
      ).toBe(0);
    }
  });
});
