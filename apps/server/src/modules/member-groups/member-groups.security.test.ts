/** Groups are CompanyAdmin's (docs/design.md §1); a cabinet admin grants cabinet access through the cabinet's own group candidates. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiApp } from '../../api-app.ts';
import type { TestDeps } from '../../../test/support/test-deps.ts';
import {
  CALLERS,
  expectMatrix,
  permissionWorld,
  type MatrixRoute,
} from '../../../test/support/permission-matrix.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { memberGroups } from '../../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;
let groupId: string;
let memberId: string;
let as: Awaited<ReturnType<typeof permissionWorld>>['as'];
let close: () => Promise<void>;

beforeAll(async () => {
  const world = await permissionWorld();
  ({ deps, app, as, close } = world);
  memberId = world.member.id;
  const [g] = await deps.database.db
    .insert(memberGroups)
    .values({ companyId: world.company.id, name: '営業' })
    .returning();
  groupId = g!.id;
});
afterAll(() => close());

const routes = () =>
  [
    {
      name: 'GET /member_groups',
      method: 'GET',
      url: '/member_groups',
      expect: { member: 403, cabinetAdmin: 403, otherAdmin: 200, admin: 200 },
    },
    {
      name: 'GET /member_groups/{id}',
      method: 'GET',
      url: `/member_groups/${groupId}`,
      expect: { member: 403, cabinetAdmin: 403, otherAdmin: 404, admin: 200 },
    },
    {
      name: 'PUT /member_groups/{id}',
      method: 'PUT',
      url: `/member_groups/${groupId}`,
      payload: { note: 'n' },
      expect: { member: 403, cabinetAdmin: 403, otherAdmin: 404, admin: 200 },
    },
    {
      name: 'POST /member_groups/{id}/users',
      method: 'POST',
      url: `/member_groups/${groupId}/users`,
      payload: { userIds: [memberId] },
      expect: { member: 403, cabinetAdmin: 403, otherAdmin: 404, admin: 200 },
    },
    {
      name: 'DELETE /member_groups/{id}/users',
      method: 'DELETE',
      url: `/member_groups/${groupId}/users`,
      payload: { userIds: [memberId] },
      expect: { member: 403, cabinetAdmin: 403, otherAdmin: 404, admin: 200 },
    },
    {
      name: 'POST /member_groups',
      method: 'POST',
      url: '/member_groups',
      payload: { name: 'g-{who}' },
      expect: { member: 403, cabinetAdmin: 403, otherAdmin: 201, admin: 201 },
    },
    {
      name: 'DELETE /member_groups/{id}',
      method: 'DELETE',
      url: `/member_groups/${groupId}`,
      expect: { member: 403, cabinetAdmin: 403, otherAdmin: 404, admin: 200 },
    },
  ] satisfies MatrixRoute[];

describe('permission matrix', () => {
  for (const who of CALLERS) {
    it(`as ${who}`, () => expectMatrix(app, as[who], who, routes()));
  }

  it('another company’s admin lists only their own groups', async () => {
    // A company of its own (the matrix above adds a group to 他社): exactly its system group, never this company's 営業.
    const third = await makeCompany(deps, { name: '第三社' });
    const headers = (
      await signIn(deps, await makeUser(deps, third.id, { roles: ['CompanyAdmin'] }))
    ).headers;
    const res = await app.inject({ method: 'GET', url: '/member_groups', headers });
    const [system] = await deps.database.db
      .select({ id: memberGroups.id })
      .from(memberGroups)
      .where(eq(memberGroups.companyId, third.id));
    const listed = res.json<{ memberGroups: { id: string; name: string }[] }>().memberGroups;
    expect([res.statusCode, listed.map((g) => [g.id, g.name])]).toEqual([
      200,
      [[system!.id, 'すべてのメンバー']],
    ]);
  });

  it('no token: 401', async () => {
    for (const r of routes())
      expect((await app.inject({ method: r.method, url: r.url })).statusCode, r.name).toBe(401);
  });
});
