import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { cabinetMemberGroups } from '../../db/schema.ts';
import { errorOf, makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import { makeUser } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
  // Everyone reads 「すべての書類」 in this company (as the demo seed does).
  await deps.database.db
    .insert(cabinetMemberGroups)
    .values({ cabinetId: w.cabinets.system.id, groupId: w.groups.everyone.id });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

describe('GET /cabinets/{id}/access', () => {
  it('lists who can read the cabinet and why, by name', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/access`,
      headers: w.headers.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 3,
      members: [
        {
          id: w.users.cabAdmin.id,
          name: 'キャビ 管理',
          email: w.users.cabAdmin.email,
          reasons: [{ kind: 'cabinet_admin' }],
        },
        {
          id: w.users.admin.id,
          name: '管理 花子',
          email: w.users.admin.email,
          reasons: [{ kind: 'company_admin' }],
        },
        {
          id: w.users.reader.id,
          name: '閲覧 太郎',
          email: w.users.reader.email,
          reasons: [{ kind: 'group', group: { id: w.groups.sales.id, name: '営業部', type: 0 } }],
        },
      ],
    });
  });

  it('filters by keyword (width- and kana-insensitive) and pages', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/access?keyword=${encodeURIComponent('閲覧')}`,
      headers: w.headers.cabAdmin,
    });
    expect(res.json<{ total: number }>().total).toBe(1);
    const page2 = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/access?page=2`,
      headers: w.headers.admin,
    });
    expect(page2.json()).toEqual({ members: [], total: 0 });
    const bad = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/access?page=0`,
      headers: w.headers.admin,
    });
    expect(bad.json()).toEqual(
      errorOf('validation_failed', '入力内容に誤りがあります。', [
        { path: 'page', message: 'ページ番号は1以上で指定してください。' },
      ]),
    );
  });

  it('explains the system group: every member reads すべての書類', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.system.id}/access`,
      headers: w.headers.admin,
    });
    const body = res.json<{
      total: number;
      members: { id: string; reasons: { kind: string }[] }[];
    }>();
    expect(body.total).toBe(4);
    expect(body.members.find((m) => m.id === w.users.admin.id)!.reasons.map((r) => r.kind)).toEqual(
      ['company_admin', 'group'],
    );
  });

  it('is for those who manage the cabinet; another company gets 404', async () => {
    const reader = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/access`,
      headers: w.headers.reader,
    });
    expectError(reader, 'forbidden');
    const foreign = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/access`,
      headers: w.headers.otherAdmin,
    });
    expectError(foreign, 'not_found');
  });
});

describe('GET /cabinets_read_document/{id}', () => {
  it('answers the cabinets a member may read, and through what', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/cabinets_read_document/${w.users.reader.id}`,
      headers: w.headers.admin,
    });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        cabinets: [
          {
            id: w.cabinets.system.id,
            name: 'すべての書類',
            type: 1,
            reasons: [
              {
                kind: 'group',
                group: { id: w.groups.everyone.id, name: 'すべてのメンバー', type: 1 },
              },
            ],
          },
          {
            id: w.cabinets.contracts.id,
            name: '営業契約',
            type: 0,
            reasons: [{ kind: 'group', group: { id: w.groups.sales.id, name: '営業部', type: 0 } }],
          },
        ],
      },
    ]);
  });

  it('company admins read every cabinet; cabinet admins theirs', async () => {
    const admin = await app.inject({
      method: 'GET',
      url: `/cabinets_read_document/${w.users.admin.id}`,
      headers: w.headers.admin,
    });
    expect(admin.json<{ cabinets: unknown[] }>().cabinets).toHaveLength(3);
    const self = await app.inject({
      method: 'GET',
      url: `/cabinets_read_document/${w.users.cabAdmin.id}`,
      headers: w.headers.cabAdmin,
    });
    const cabs = self.json<{ cabinets: { name: string; reasons: { kind: string }[] }[] }>()
      .cabinets;
    expect(cabs.map((c) => [c.name, c.reasons.map((r) => r.kind)])).toEqual([
      ['すべての書類', ['group']],
      ['営業契約', ['cabinet_admin']],
    ]);
  });

  it('a member may ask only about themselves; another company’s member is not found', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/cabinets_read_document/${w.users.admin.id}`,
      headers: w.headers.reader,
    });
    expect([res.statusCode, res.json()]).toEqual([
      403,
      errorOf('forbidden', 'この操作を行う権限がありません。'),
    ]);
    const foreign = await app.inject({
      method: 'GET',
      url: `/cabinets_read_document/${w.other.admin.id}`,
      headers: w.headers.admin,
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([
      404,
      errorOf('not_found', 'ご指定のデータが見つかりませんでした。'),
    ]);
  });
});

describe('pickers of the cabinet page', () => {
  it('lists colleagues and groups for the cabinet’s admin', async () => {
    const members = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/member_candidates?keyword=${encodeURIComponent('ＲＥＡＤＥＲ')}`,
      headers: w.headers.cabAdmin,
    });
    expect(members.json<{ members: { id: string }[] }>().members.map((m) => m.id)).toEqual([
      w.users.reader.id,
    ]);
    const all = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/member_candidates?keyword=${encodeURIComponent('閲覧')}`,
      headers: w.headers.cabAdmin,
    });
    expect(all.json()).toEqual({
      total: 1,
      // 所属 and 状態 come with each colleague: the picker tells namesakes apart and marks an invitee.
      members: [
        {
          id: w.users.reader.id,
          name: '閲覧 太郎',
          email: w.users.reader.email,
          organization: w.users.reader.organization,
          status: 1,
        },
      ],
    });
    const groups = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/group_candidates`,
      headers: w.headers.cabAdmin,
    });
    expect(
      groups.json<{ memberGroups: { name: string }[] }>().memberGroups.map((g) => g.name),
    ).toEqual(['すべてのメンバー', '営業部', '法務部']);
  });

  it('lists colleagues in the member list order: フリガナ, then name, never code points', async () => {
    const tag = `並び${Date.now().toString(36)}`;
    // Code points would give 佐藤, 安藤, 渡辺, 鈴木 (佐 U+4F50 < 安 U+5B89 < 渡 U+6E21 < 鈴 U+9234); the readings
    // give アンドウ, サトウ, スズキ, ワタナベ, and a name without a reading sorts by itself.
    const people = [
      { name: `佐藤 葵 ${tag}`, furigana: 'サトウ　アオイ' },
      { name: `安藤 健 ${tag}`, furigana: 'アンドウ　ケン' },
      { name: `渡辺 花子 ${tag}`, furigana: 'ワタナベ　ハナコ' },
      { name: `鈴木 一郎 ${tag}`, furigana: 'スズキ　イチロウ' },
      { name: `Smith, John ${tag}`, furigana: null },
    ];
    for (const p of people) await makeUser(deps, w.company.id, p);
    const res = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/member_candidates?keyword=${encodeURIComponent(tag)}`,
      headers: w.headers.cabAdmin,
    });
    expect(res.json<{ members: { name: string }[] }>().members.map((m) => m.name)).toEqual([
      `Smith, John ${tag}`,
      `安藤 健 ${tag}`,
      `佐藤 葵 ${tag}`,
      `鈴木 一郎 ${tag}`,
      `渡辺 花子 ${tag}`,
    ]);
  });

  it('lists every colleague before anything is typed', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/member_candidates`,
      headers: w.headers.cabAdmin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ total: number; members: { id: string }[] }>();
    expect(body.members.map((m) => m.id)).toEqual(
      expect.arrayContaining([w.users.reader.id, w.users.cabAdmin.id]),
    );
    expect(body.total).toBeGreaterThanOrEqual(body.members.length);
  });

  it('is for managers only; another company gets 404', async () => {
    const reader = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/group_candidates`,
      headers: w.headers.reader,
    });
    expectError(reader, 'forbidden');
    const foreign = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/member_candidates`,
      headers: w.headers.otherAdmin,
    });
    expectError(foreign, 'not_found');
  });
});
