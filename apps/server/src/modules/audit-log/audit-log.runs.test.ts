import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import {
  ADD_HEADER,
  execute,
  exportMembers,
  settle,
  upload,
  utf8,
} from '../../../test/support/member-bulk.world.ts';
import { findEventPage, type AuditFilter } from './audit-log.repository.ts';

let deps: TestDeps;
let app: ApiApp;
let companyId: string;
let admin: { id: string; email: string; companyId: string };
let headers: { authorization: string };

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
  headers = (await signIn(deps, admin)).headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const events = (f: Omit<AuditFilter, 'companyId'>) =>
  findEventPage(deps.database.db, { companyId, ...f }, 100);

describe('audit log: documents and bulk runs', () => {
  it('copying, moving and removing documents records one event per document with its title', async () => {
    const post = async (method: 'POST' | 'DELETE', url: string, payload: object) => {
      const res = await app.inject({ method, url, headers, payload });
      expect([200, 201], res.body).toContain(res.statusCode);
      return res.json<{ cabinet: { id: string } }>();
    };
    const create = async (name: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/cabinets',
        headers,
        payload: { name },
      });
      return res.json<{ cabinet: { id: string; name: string } }>().cabinet;
    };
    const a = await create('A棚');
    const b = await create('B棚');
    const d1 = await makeDocument(deps, companyId, { title: '秘密保持契約書' });
    const d2 = await makeDocument(deps, companyId, { title: '売買契約書' });
    await post('POST', `/cabinets/${a.id}/documents`, { documentIds: [d1.id, d2.id] });
    await post('POST', `/cabinets/${b.id}/documents`, {
      documentIds: [d1.id],
      fromCabinetId: a.id,
    });
    await post('DELETE', `/cabinets/${b.id}/documents`, { documentIds: [d1.id] });

    const history = await events({ targetType: 'document', targetId: d1.id });
    expect(history.map((e) => [e.action, e.targetName, e.actorId, e.details])).toEqual([
      ['document.unfiled', '秘密保持契約書', admin.id, { cabinet: { id: b.id, name: 'B棚' } }],
      [
        'document.moved',
        '秘密保持契約書',
        admin.id,
        { cabinet: { id: b.id, name: 'B棚' }, from: { id: a.id, name: 'A棚' } },
      ],
      ['document.filed', '秘密保持契約書', admin.id, { cabinet: { id: a.id, name: 'A棚' } }],
    ]);
    expect((await events({ targetId: d2.id })).map((e) => e.action)).toEqual(['document.filed']);
  });

  it('a move of more than 100 documents is one cabinet event, and the history of each document finds it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers,
      payload: { name: '大量棚' },
    });
    const cabinet = res.json<{ cabinet: { id: string } }>().cabinet;
    const docs = [];
    for (let i = 0; i < 101; i++)
      docs.push(await makeDocument(deps, companyId, { title: `書類${i}` }));
    const filed = await app.inject({
      method: 'POST',
      url: `/cabinets/${cabinet.id}/documents`,
      headers,
      payload: { documentIds: docs.map((d) => d.id) },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    for (const d of [docs[0]!, docs[100]!]) {
      const history = await events({ targetType: 'document', targetId: d.id });
      expect(
        history.map((e) => [
          e.action,
          e.targetType,
          e.targetId,
          (e.details as { count: number }).count,
        ]),
      ).toEqual([['document.filed', 'cabinet', cabinet.id, 101]]);
    }
    const other = await makeDocument(deps, companyId, { title: '別の書類' });
    expect(await events({ targetType: 'document', targetId: other.id })).toEqual([]);
  });

  it('a bulk run is one event per step: uploaded (name, size, SHA-256), executed (counts), cancelled', async () => {
    const bytes = utf8([
      ADD_HEADER,
      ['bulk-audit@example.com', '一括 太郎', '', '', '', '', '', '', ''],
    ]);
    const run = await upload(app, headers, 'bulk_add', bytes);
    await settle(app, headers, run.id);
    expect((await execute(app, headers, run.id)).statusCode).toBe(200);
    const steps = await events({ targetType: 'bulkRun', targetId: run.id });
    expect(steps.map((e) => [e.action, e.targetName, e.actorId])).toEqual([
      ['bulk.executed', '一括操作: members.csv', admin.id],
      ['bulk.checked', '一括操作: members.csv', admin.id],
      ['bulk.uploaded', '一括操作: members.csv', admin.id],
    ]);
    expect(steps[1]!.details).toEqual({ target: 'members', kind: 1, counts: { add: 1 }, rows: 1 });
    expect(steps[2]!.details).toMatchObject({
      fileName: 'members.csv',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(steps[0]!.details).toMatchObject({ counts: { add: 1 } });

    const other = await upload(app, headers, 'bulk_add', bytes);
    await settle(app, headers, other.id);
    const cancel = await app.inject({
      method: 'PUT',
      url: `/members/bulk_manipulations/${other.id}`,
      headers,
      payload: { action: 'cancel' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await events({ targetId: other.id })).map((e) => e.action)).toEqual([
      'bulk.cancelled',
      'bulk.checked',
      'bulk.uploaded',
    ]);
  });

  it('each file handed out is recorded with who took it: template, result, uploaded file', async () => {
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, res.body).toBe(200);
    };
    await get('/members/bulk_add/csv_template?encoding=utf8bom');
    const run = await upload(app, headers, 'bulk_add', utf8([ADD_HEADER]));
    await settle(app, headers, run.id);
    await get(`/members/bulk_manipulations/${run.id}/result.csv`);
    await get(`/members/bulk_manipulations/${run.id}/file`);
    const taken = await events({ category: 'bulk' });
    expect(
      taken
        .filter((e) => e.action === 'bulk.fileDownloaded')
        .slice(0, 3)
        .map((e) => [e.actorId, e.targetId, e.details]),
    ).toEqual([
      [
        admin.id,
        run.id,
        { target: 'members', file: 'メンバー一括操作_アップロードファイル', kind: 1 },
      ],
      [admin.id, run.id, { target: 'members', file: 'メンバー一括操作_結果', kind: 1 }],
      [admin.id, '', { target: 'members', file: 'メンバー一括追加テンプレート' }],
    ]);
  });

  it('an export is recorded when asked for (with its filters) and again when downloaded', async () => {
    const { id } = await exportMembers(app, headers, {
      filters: { keyword: '経理' },
      encoding: 'sjis',
    });
    const steps = (await events({ targetId: id })).map((e) => [e.action, e.actorId, e.details]);
    expect(steps).toEqual([
      ['bulk.fileDownloaded', admin.id, { target: 'members', kind: 3, file: 'メンバー一覧' }],
      [
        'bulk.generationRequested',
        admin.id,
        {
          target: 'members',
          kind: 3,
          encoding: 'sjis',
          params: { filters: { keyword: '経理' } },
        },
      ],
    ]);
  });
});
