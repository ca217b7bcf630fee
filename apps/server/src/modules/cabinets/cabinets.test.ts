import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { errorOf, makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
  await makeDocument(deps, w.company.id, { cabinetIds: [w.cabinets.contracts.id] });
  await makeDocument(deps, w.company.id, {
    cabinetIds: [w.cabinets.contracts.id, w.cabinets.hr.id],
  });
  await makeDocument(deps, w.company.id);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const NOT_FOUND = errorOf('not_found', 'ご指定のデータが見つかりませんでした。');
const FORBIDDEN = errorOf('forbidden', 'この操作を行う権限がありません。');

describe('GET /cabinets', () => {
  it('lists every cabinet for a company admin: the system cabinet first, then by name, with counts', async () => {
    const res = await app.inject({ method: 'GET', url: '/cabinets', headers: w.headers.admin });
    expect(res.statusCode).toBe(200);
    const { cabinets } = res.json<{
      cabinets: { name: string; documentCount: number; isAdmin: boolean; type: number }[];
    }>();
    expect(cabinets.map((c) => [c.name, c.type, c.documentCount, c.isAdmin])).toEqual([
      ['すべての書類', 1, 3, true],
      ['人事', 0, 1, true],
      ['営業契約', 0, 2, true],
    ]);
  });

  it('answers each cabinet with admins, member groups and rules', async () => {
    const res = await app.inject({ method: 'GET', url: '/cabinets', headers: w.headers.cabAdmin });
    expect(res.json()).toEqual({
      cabinets: [
        {
          id: w.cabinets.contracts.id,
          name: '営業契約',
          note: '営業部の契約書',
          type: 0,
          isAdmin: true,
          admins: [{ id: w.users.cabAdmin.id, name: 'キャビ 管理', email: w.users.cabAdmin.email }],
          memberGroups: [{ id: w.groups.sales.id, name: '営業部', type: 0 }],
          classificationRules: [],
          documentCount: 2,
          updatedAt: expect.any(String) as string,
        },
      ],
    });
  });

  it('shows a reader only what their groups grant, without admin rights', async () => {
    const res = await app.inject({ method: 'GET', url: '/cabinets', headers: w.headers.reader });
    const { cabinets } = res.json<{ cabinets: { id: string; isAdmin: boolean }[] }>();
    expect(cabinets.map((c) => [c.id, c.isAdmin])).toEqual([[w.cabinets.contracts.id, false]]);
  });

  it('shows nothing to a member without access, and only its own cabinets to another company', async () => {
    const none = await app.inject({ method: 'GET', url: '/cabinets', headers: w.headers.outsider });
    expect(none.json()).toEqual({ cabinets: [] });
    const other = await app.inject({
      method: 'GET',
      url: '/cabinets',
      headers: w.headers.otherAdmin,
    });
    expect(other.json<{ cabinets: { name: string }[] }>().cabinets.map((c) => c.name)).toEqual([
      'すべての書類',
      '他社キャビネット',
    ]);
  });

  it('requires a signed-in caller', async () => {
    const res = await app.inject({ method: 'GET', url: '/cabinets' });
    expectError(res, 'unauthenticated');
  });
});

describe('GET /cabinets/{id}', () => {
  it('answers the cabinet to those who may read it', async () => {
    for (const headers of [w.headers.admin, w.headers.cabAdmin, w.headers.reader]) {
      const res = await app.inject({
        method: 'GET',
        url: `/cabinets/${w.cabinets.contracts.id}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ cabinet: { name: string } }>().cabinet.name).toBe('営業契約');
    }
  });

  it('forbids a colleague without access and hides other companies and malformed ids', async () => {
    const denied = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}`,
      headers: w.headers.outsider,
    });
    expect([denied.statusCode, denied.json()]).toEqual([403, FORBIDDEN]);
    const other = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}`,
      headers: w.headers.otherAdmin,
    });
    expect([other.statusCode, other.json()]).toEqual([404, NOT_FOUND]);
    const bad = await app.inject({
      method: 'GET',
      url: '/cabinets/not-a-uuid',
      headers: w.headers.admin,
    });
    expect([bad.statusCode, bad.json()]).toEqual([404, NOT_FOUND]);
  });
});

describe('POST /cabinets', () => {
  it('creates a cabinet with a trimmed name (company admin)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers: w.headers.admin,
      payload: { name: '  新規 ', note: 'メモ' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ cabinet: { id: string } }>();
    expect(body.cabinet.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toEqual({
      cabinet: {
        id: body.cabinet.id,
        name: '新規',
        note: 'メモ',
        type: 0,
        isAdmin: true,
        admins: [],
        memberGroups: [],
        classificationRules: [],
        documentCount: 0,
        updatedAt: expect.any(String) as string,
      },
    });
  });

  it('rejects a taken name, an empty name, too long texts — with the field', async () => {
    const taken = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers: w.headers.admin,
      payload: { name: '人事', note: '' },
    });
    expect([taken.statusCode, taken.json()]).toEqual([
      409,
      errorOf('name_taken', 'このキャビネット名はすでに使われています。', [
        { path: 'name', message: 'このキャビネット名はすでに使われています。' },
      ]),
    ]);
    const empty = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers: w.headers.admin,
      payload: { name: '   ' },
    });
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      errorOf('validation_failed', '入力内容に誤りがあります。', [
        { path: 'name', message: 'キャビネット名を入力してください。' },
      ]),
    ]);
    const long = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers: w.headers.admin,
      payload: { name: 'あ'.repeat(101), note: 'い'.repeat(201) },
    });
    expect(long.json()).toEqual(
      errorOf('validation_failed', '入力内容に誤りがあります。', [
        { path: 'name', message: 'キャビネット名は100文字以内で入力してください。' },
        { path: 'note', message: '備考は200文字以内で入力してください。' },
      ]),
    );
    const ok = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers: w.headers.admin,
      payload: { name: 'あ'.repeat(100), note: 'い'.repeat(200) },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('is for company admins only (a cabinet admin cannot create)', async () => {
    for (const headers of [w.headers.cabAdmin, w.headers.reader, w.headers.outsider]) {
      const res = await app.inject({
        method: 'POST',
        url: '/cabinets',
        headers,
        payload: { name: '勝手に作る' },
      });
      expect([res.statusCode, res.json()]).toEqual([403, FORBIDDEN]);
    }
  });

  it('allows the same name in another company', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers: w.headers.otherAdmin,
      payload: { name: '人事' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('PUT /cabinets/{id}', () => {
  it('renames for a company admin and for the cabinet admin', async () => {
    const a = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.hr.id}`,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: { name: '人事部', note: '人事の書類' },
    });
    expect(a.json<{ cabinet: { name: string; note: string } }>().cabinet).toMatchObject({
      name: '人事部',
      note: '人事の書類',
    });
    const b = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.contracts.id}`,
      headers: { ...w.headers.cabAdmin, 'if-match': '*' },
      payload: { name: '営業契約', note: '' },
    });
    expect(b.json<{ cabinet: { note: string; isAdmin: boolean } }>().cabinet).toMatchObject({
      note: '',
      isAdmin: true,
    });
  });

  it('refuses a taken name but keeps its own', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.contracts.id}`,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: { name: '人事部', note: '' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('name_taken');
  });

  it('protects the system cabinet', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.system.id}`,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: { name: '全部', note: '' },
    });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      errorOf('system_protected', '「すべての書類」の名前と備考は変更できません。'),
    ]);
  });

  it('forbids readers and other cabinets’ admins; hides other companies', async () => {
    const reader = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.contracts.id}`,
      headers: { ...w.headers.reader, 'if-match': '*' },
      payload: { name: 'x', note: '' },
    });
    expect([reader.statusCode, reader.json()]).toEqual([403, FORBIDDEN]);
    const other = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.hr.id}`,
      headers: { ...w.headers.cabAdmin, 'if-match': '*' },
      payload: { name: 'x', note: '' },
    });
    expectError(other, 'forbidden');
    const foreign = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.hr.id}`,
      headers: { ...w.headers.otherAdmin, 'if-match': '*' },
      payload: { name: 'x', note: '' },
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, NOT_FOUND]);
  });
});

describe('DELETE /cabinets/{id}', () => {
  it('deletes a user cabinet, answering how many links went; the documents stay in すべての書類', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers: w.headers.admin,
      payload: { name: '消す' },
    });
    const id = created.json<{ cabinet: { id: string } }>().cabinet.id;
    const doc = await makeDocument(deps, w.company.id, { cabinetIds: [id] });
    const res = await app.inject({
      method: 'DELETE',
      url: `/cabinets/${id}`,
      headers: w.headers.admin,
    });
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true, unlinkedDocumentCount: 1 }]);
    const list = await app.inject({ method: 'GET', url: '/cabinets', headers: w.headers.admin });
    const cabinets = list.json<{ cabinets: { id: string; documentCount: number }[] }>().cabinets;
    expect(cabinets.find((c) => c.id === id)).toBeUndefined();
    expect(cabinets[0]!.documentCount).toBe(4);
    expect(doc.id).toBeTruthy();
  });

  it('protects the system cabinet, forbids cabinet admins, hides other companies', async () => {
    const sys = await app.inject({
      method: 'DELETE',
      url: `/cabinets/${w.cabinets.system.id}`,
      headers: w.headers.admin,
    });
    expect([sys.statusCode, sys.json()]).toEqual([
      409,
      errorOf('system_protected', '「すべての書類」は削除できません。'),
    ]);
    const cab = await app.inject({
      method: 'DELETE',
      url: `/cabinets/${w.cabinets.contracts.id}`,
      headers: w.headers.cabAdmin,
    });
    expect([cab.statusCode, cab.json()]).toEqual([403, FORBIDDEN]);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/cabinets/${w.cabinets.contracts.id}`,
      headers: w.headers.otherAdmin,
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, NOT_FOUND]);
  });
});
