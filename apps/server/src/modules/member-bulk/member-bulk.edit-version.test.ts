/**
 * 更新日時 of members (docs/design.md §3 "a member changed since the edit template was made"): every change
 * to a member — a group-only one included, by bulk edit or by the groups API — moves their 更新日時 on, so an
 * edit file made before it is reported as changed instead of silently putting the old values back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMemberDetail } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { memberGroups } from '../../db/schema.ts';
import { MSG } from './member-check-messages.ts';
import {
  execute,
  rowsOf,
  settle,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
let memberId: string;
let groupId: string;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  headers = (await signIn(deps, admin)).headers;
  memberId = (await makeUser(deps, company.id, { name: '山田 太郎', email: 'taro@example.test' }))
    .id;
  const [g] = await deps.database.db
    .insert(memberGroups)
    .values({ companyId: company.id, name: '法務部' })
    .returning();
  groupId = g!.id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const detail = async () => {
  const res = await app.inject({ method: 'GET', url: `/users/${memberId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ user: TMemberDetail }>().user;
};

describe('bulk edit: a change of groups only', () => {
  it('moves 更新日時 on, and the earlier version in a file is then reported as changed', async () => {
    const before = await detail();
    expect(before.groups).toEqual([]);
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', 'メンバーグループ'],
        [memberId, '法務部'],
      ]),
    );
    expect(m.counts).toEqual({ update: 1 });
    const [row] = (await rowsOf(app, headers, m.id)).rows;
    const staleVersion = String(row!.before!.updatedAt);
    expect(staleVersion).toMatch(/^\d{4}-\d{2}-\d{2}/);
    await execute(app, headers, m.id);
    expect((await settle(app, headers, m.id)).status).toBe(6);

    const after = await detail();
    expect(after.groups).toEqual([{ id: groupId, name: '法務部' }]);
    expect(after.name).toBe('山田 太郎');
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

    // The version read before the change no longer matches: a file carrying it is refused on that cell.
    const stale = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '氏名', '更新日時'],
        [memberId, '山田 次郎', staleVersion],
      ]),
    );
    expect(stale.status).toBe(3);
    const [bad] = (await rowsOf(app, headers, stale.id)).rows;
    expect(bad!.errors).toEqual([{ column: '更新日時', message: MSG.changedSince }]);
  });

  it('a file naming the same groups changes nothing and leaves 更新日時 alone', async () => {
    const before = await detail();
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', 'メンバーグループ'],
        [memberId, '法務部'],
      ]),
    );
    expect(m.counts).toEqual({ unchanged: 1 });
    await execute(app, headers, m.id);
    await settle(app, headers, m.id);
    expect((await detail()).updatedAt).toBe(before.updatedAt);
  });
});

describe('groups API: adding or removing a member', () => {
  const members = (action: 'POST' | 'DELETE') =>
    app.inject({
      method: action,
      url: `/member_groups/${groupId}/users`,
      headers,
      payload: { userIds: [memberId] },
    });

  it("moves the member's 更新日時 on, so an edit file from before is refused on that cell", async () => {
    const template = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([['メンバーID'], [memberId]]),
    );
    const templateVersion = String(
      (await rowsOf(app, headers, template.id)).rows[0]!.before!.updatedAt,
    );
    const before = await detail();
    const removed = await members('DELETE');
    expect(removed.statusCode, removed.body).toBe(200);
    const afterRemove = await detail();
    expect(afterRemove.groups).toEqual([]);
    expect(Date.parse(afterRemove.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

    const stale = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', 'メンバーグループ', '更新日時'],
        [memberId, '法務部', templateVersion],
      ]),
    );
    expect(stale.status).toBe(3);
    expect((await rowsOf(app, headers, stale.id)).rows[0]!.errors).toEqual([
      { column: '更新日時', message: MSG.changedSince },
    ]);

    const added = await members('POST');
    expect(added.statusCode, added.body).toBe(200);
    expect(Date.parse((await detail()).updatedAt)).toBeGreaterThan(
      Date.parse(afterRemove.updatedAt),
    );
  });

  it('naming a member already in the group changes nothing, 更新日時 included', async () => {
    const before = await detail();
    expect(before.groups.map((g) => g.id)).toEqual([groupId]);
    expect((await members('POST')).statusCode).toBe(200);
    expect((await detail()).updatedAt).toBe(before.updatedAt);
  });
});
