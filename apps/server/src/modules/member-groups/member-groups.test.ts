import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let people: { id: string }[];

type Group = { id: string; name: string; note: string; type: number; memberCount: number };

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  people = [
    await makeUser(deps, company.id),
    await makeUser(deps, company.id),
    await makeUser(deps, company.id),
  ];
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const call = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  status = 200,
) => {
  // Not about versions: a save goes over whatever is stored (If-Match: *).
  const sent = method === 'PUT' ? { 'if-match': '*', ...headers } : headers;
  const res = await app.inject({ method, url, headers: sent, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
};

describe('member groups: the whole life of a group', () => {
  let group: Group;

  it('the system group comes first and counts everyone', async () => {
    const { memberGroups, total } = await call<{ memberGroups: Group[]; total: number }>(
      'GET',
      '/member_groups',
    );
    expect(total).toBe(1);
    expect(memberGroups[0]).toMatchObject({
      name: 'すべてのメンバー',
      type: 1,
      memberCount: 4,
      note: '',
    });
  });

  it('POST creates (name trimmed), GET lists it after the system group; ?type=user leaves the system group out', async () => {
    group = (
      await call<{ memberGroup: Group }>(
        'POST',
        '/member_groups',
        { name: ' 営業部 ', note: '東日本' },
        201,
      )
    ).memberGroup;
    expect(group).toMatchObject({ name: '営業部', note: '東日本', type: 0, memberCount: 0 });
    await call('POST', '/member_groups', { name: 'あ経理' }, 201);
    const all = await call<{ memberGroups: Group[] }>('GET', '/member_groups');
    expect(all.memberGroups.map((g) => g.name)).toEqual(['すべてのメンバー', 'あ経理', '営業部']);
    const user = await call<{ memberGroups: Group[]; total: number }>(
      'GET',
      '/member_groups?type=user',
    );
    expect(user.memberGroups.map((g) => g.name)).toEqual(['あ経理', '営業部']);
    expect(user.total).toBe(2);
  });

  it('POST /users adds three members, counting only new memberships', async () => {
    const r = await call<{ added: number; memberGroup: Group }>(
      'POST',
      `/member_groups/${group.id}/users`,
      { userIds: people.map((p) => p.id) },
    );
    expect(r.added).toBe(3);
    expect(r.memberGroup.memberCount).toBe(3);
    const again = await call<{ added: number }>('POST', `/member_groups/${group.id}/users`, {
      userIds: [people[0]!.id, people[0]!.id],
    });
    expect(again.added).toBe(0);
    const list = await call<{ members: { id: string }[]; total: number }>(
      'GET',
      `/members?groupId=${group.id}`,
    );
    expect(list.total).toBe(3);
  });

  it('DELETE /users removes one; the total drops by exactly the count removed', async () => {
    const r = await call<{ removed: number; memberGroup: Group }>(
      'DELETE',
      `/member_groups/${group.id}/users`,
      { userIds: [people[1]!.id] },
    );
    expect(r).toMatchObject({ removed: 1, memberGroup: { memberCount: 2 } });
    expect((await call<{ total: number }>('GET', `/members?groupId=${group.id}`)).total).toBe(2);
    const user = await call<{ user: { groups: { name: string }[] } }>(
      'GET',
      `/users/${people[0]!.id}`,
    );
    expect(user.user.groups.map((g) => g.name)).toEqual(['営業部']);
  });

  it('PUT renames and changes the note; keys left out stay', async () => {
    const renamed = await call<{ memberGroup: Group }>('PUT', `/member_groups/${group.id}`, {
      name: '営業本部',
    });
    expect(renamed.memberGroup).toMatchObject({ name: '営業本部', note: '東日本' });
    const noted = await call<{ memberGroup: Group }>('PUT', `/member_groups/${group.id}`, {
      note: '',
    });
    expect(noted.memberGroup).toMatchObject({ name: '営業本部', note: '' });
    expect(
      (await call<{ memberGroup: Group }>('GET', `/member_groups/${group.id}`)).memberGroup.name,
    ).toBe('営業本部');
  });

  it('DELETE removes the group and its memberships, not the members', async () => {
    expect(await call('DELETE', `/member_groups/${group.id}`)).toEqual({ ok: true });
    await call('GET', `/member_groups/${group.id}`, undefined, 404);
    expect((await call<{ total: number }>('GET', '/members')).total).toBe(4);
  });
});
