/**
 * Adding a member who is already in a group, or removing one who is not, changes nothing: no audit event, no
 * new 更新日時 for the group or the member (a CSV downloaded earlier stays valid).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { auditEvents } from '../../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let companyId: string;
let member: { id: string };
let outsider: { id: string };

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  companyId = company.id;
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  member = await makeUser(deps, company.id);
  outsider = await makeUser(deps, company.id);
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const events = async (action: string) =>
  (
    await deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, action)))
  ).length;
const send = (method: 'POST' | 'DELETE', groupId: string, userIds: string[]) =>
  app.inject({ method, url: `/member_groups/${groupId}/users`, headers, payload: { userIds } });
const read = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, { updatedAt: string }>>();
};

it('adding a member already in the group, or removing one not in it, records nothing', async () => {
  const created = await app.inject({
    method: 'POST',
    url: '/member_groups',
    headers,
    payload: { name: '変化なしの確認', note: '' },
  });
  const group = created.json<{ memberGroup: { id: string } }>().memberGroup;

  const added = await send('POST', group.id, [member.id]);
  expect(added.json()).toMatchObject({ added: 1 });
  expect(await events('memberGroup.membersAdded')).toBe(1);
  const groupBefore = (await read(`/member_groups/${group.id}`)).memberGroup!.updatedAt;
  const memberBefore = (await read(`/users/${member.id}`)).user!.updatedAt;
  const outsiderBefore = (await read(`/users/${outsider.id}`)).user!.updatedAt;

  const again = await send('POST', group.id, [member.id]);
  expect(again.statusCode).toBe(200);
  expect(again.json()).toMatchObject({ added: 0 });
  const absent = await send('DELETE', group.id, [outsider.id]);
  expect(absent.statusCode).toBe(200);
  expect(absent.json()).toMatchObject({ removed: 0 });

  expect(await events('memberGroup.membersAdded')).toBe(1);
  expect(await events('memberGroup.membersRemoved')).toBe(0);
  expect((await read(`/member_groups/${group.id}`)).memberGroup!.updatedAt).toBe(groupBefore);
  expect((await read(`/users/${member.id}`)).user!.updatedAt).toBe(memberBefore);
  expect((await read(`/users/${outsider.id}`)).user!.updatedAt).toBe(outsiderBefore);
});
