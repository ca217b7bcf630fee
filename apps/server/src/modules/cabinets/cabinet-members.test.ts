import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { errorOf, makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Cab = {
  cabinet: { memberGroups: { name: string }[]; admins: { id: string }[]; isAdmin: boolean };
};
const GROUP_404 = errorOf('not_found', '指定されたメンバーグループが見つかりません。');
const USER_404 = errorOf('not_found', '指定されたメンバーが見つかりません。');

describe('PUT/DELETE /cabinets/{id}/member_groups', () => {
  it('adds groups (idempotently) and removes one; the system group first', async () => {
    const url = `/cabinets/${w.cabinets.hr.id}/member_groups`;
    const add = await app.inject({
      method: 'PUT',
      url,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.groups.legal.id, w.groups.everyone.id, w.groups.legal.id] },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json<Cab>().cabinet.memberGroups.map((g) => g.name)).toEqual([
      'すべてのメンバー',
      '法務部',
    ]);
    const again = await app.inject({
      method: 'PUT',
      url,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.groups.legal.id] },
    });
    expect(again.json<Cab>().cabinet.memberGroups).toHaveLength(2);
    // Everyone in the company now reads 人事 through 「すべてのメンバー」.
    const outsider = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.hr.id}`,
      headers: w.headers.outsider,
    });
    expect(outsider.statusCode).toBe(200);
    const del = await app.inject({
      method: 'DELETE',
      url,
      headers: w.headers.admin,
      payload: { memberGroupId: w.groups.everyone.id },
    });
    expect(del.json<Cab>().cabinet.memberGroups.map((g) => g.name)).toEqual(['法務部']);
    const gone = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.hr.id}`,
      headers: w.headers.outsider,
    });
    expectError(gone, 'forbidden');
  });

  it('lets the cabinet admin manage groups of their cabinet only', async () => {
    const own = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.contracts.id}/member_groups`,
      headers: w.headers.cabAdmin,
      payload: { memberGroupIds: [w.groups.legal.id] },
    });
    expect(own.statusCode).toBe(200);
    const other = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.hr.id}/member_groups`,
      headers: w.headers.cabAdmin,
      payload: { memberGroupIds: [w.groups.legal.id] },
    });
    expectError(other, 'forbidden');
    const reader = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.contracts.id}/member_groups`,
      headers: w.headers.reader,
      payload: { memberGroupIds: [w.groups.legal.id] },
    });
    expectError(reader, 'forbidden');
  });

  it('answers 404 for a group of another company and writes nothing', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.hr.id}/member_groups`,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.groups.sales.id, w.other.group.id] },
    });
    expect([res.statusCode, res.json()]).toEqual([404, GROUP_404]);
    const cab = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.hr.id}`,
      headers: w.headers.admin,
    });
    expect(cab.json<Cab>().cabinet.memberGroups.map((g) => g.name)).toEqual(['法務部']);
    const del = await app.inject({
      method: 'DELETE',
      url: `/cabinets/${w.cabinets.hr.id}/member_groups`,
      headers: w.headers.admin,
      payload: { memberGroupId: w.other.group.id },
    });
    expect([del.statusCode, del.json()]).toEqual([404, GROUP_404]);
  });

  it('validates the body with Japanese messages', async () => {
    const url = `/cabinets/${w.cabinets.hr.id}/member_groups`;
    const empty = await app.inject({
      method: 'PUT',
      url,
      headers: w.headers.admin,
      payload: { memberGroupIds: [] },
    });
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      errorOf('validation_failed', '入力内容に誤りがあります。', [
        { path: 'memberGroupIds', message: 'メンバーグループを1件以上指定してください。' },
      ]),
    ]);
    const bad = await app.inject({
      method: 'PUT',
      url,
      headers: w.headers.admin,
      payload: { memberGroupIds: ['x'] },
    });
    expect(bad.json()).toEqual(
      errorOf('validation_failed', '入力内容に誤りがあります。', [
        { path: 'memberGroupIds.0', message: 'IDの形式が正しくありません。' },
      ]),
    );
  });
});

describe('POST/DELETE /cabinets/{id}/admins', () => {
  it('adds and removes admins; a new admin manages the cabinet at once', async () => {
    const url = `/cabinets/${w.cabinets.hr.id}/admins`;
    const add = await app.inject({
      method: 'POST',
      url,
      headers: w.headers.admin,
      payload: { userIds: [w.users.reader.id] },
    });
    expect(add.json<Cab>().cabinet.admins.map((a) => a.id)).toEqual([w.users.reader.id]);
    const asReader = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.hr.id}`,
      headers: w.headers.reader,
    });
    expect(asReader.json<Cab>().cabinet.isAdmin).toBe(true);
    const rename = await app.inject({
      method: 'PUT',
      url: `/cabinets/${w.cabinets.hr.id}`,
      // The new admin saves the cabinet as he just read it.
      headers: {
        ...w.headers.reader,
        'if-match': `"${asReader.json<{ cabinet: { updatedAt: string } }>().cabinet.updatedAt}"`,
      },
      payload: { name: '人事', note: '管理者になった' },
    });
    expect(rename.statusCode).toBe(200);
    const del = await app.inject({
      method: 'DELETE',
      url,
      headers: w.headers.admin,
      payload: { userIds: [w.users.reader.id] },
    });
    expect(del.json<Cab>().cabinet.admins).toEqual([]);
  });

  it('lets a cabinet admin add a colleague; forbids readers; 404 for another company’s member', async () => {
    const url = `/cabinets/${w.cabinets.contracts.id}/admins`;
    const ok = await app.inject({
      method: 'POST',
      url,
      headers: w.headers.cabAdmin,
      payload: { userIds: [w.users.outsider.id] },
    });
    expect(ok.json<Cab>().cabinet.admins).toHaveLength(2);
    const reader = await app.inject({
      method: 'POST',
      url,
      headers: w.headers.reader,
      payload: { userIds: [w.users.reader.id] },
    });
    expectError(reader, 'forbidden');
    const foreign = await app.inject({
      method: 'POST',
      url,
      headers: w.headers.admin,
      payload: { userIds: [w.other.admin.id] },
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, USER_404]);
    const otherCompany = await app.inject({
      method: 'POST',
      url,
      headers: w.headers.otherAdmin,
      payload: { userIds: [w.other.admin.id] },
    });
    expectError(otherCompany, 'not_found');
  });
});
