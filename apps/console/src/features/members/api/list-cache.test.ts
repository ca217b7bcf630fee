/**
 * A member created or deleted while a list is being fetched: the list's answer, asked for before the change,
 * must not replace it (issue 30: a member created under a filter that was still loading was missing from it
 * and the total stayed one short).
 */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TMember, TMemberListQuery } from '@cloudsign/contract';
import { addToLists, removeFromLists, type MemberListData } from './list-cache.ts';
import { memberKeys } from './keys.ts';

const member = (n: number, roles: TMember['roles'] = []): TMember => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `メンバー ${n}`,
  furigana: null,
  email: `m${n}@example.com`,
  organization: '',
  roles,
  status: 0,
  mfa: 2,
  createdAt: '2026-11-28T00:00:00.000Z',
  lastSignInAt: null,
});

const admins = [1, 2, 3, 4].map((n) => member(n, ['CompanyAdmin']));
const filter: TMemberListQuery = { role: 'CompanyAdmin' };

/** A list fetch the test answers when it likes (the answer is the server's before the change). */
function slowList(client: QueryClient, q: TMemberListQuery, answer: MemberListData) {
  let respond!: () => void;
  const fetched = client.fetchQuery({
    queryKey: memberKeys.list(q),
    queryFn: () =>
      new Promise<MemberListData>((resolve) => {
        respond = () => resolve(answer);
      }),
  });
  return { respond: () => respond(), fetched };
}

describe('addToLists', () => {
  it('a list still loading when the member is created shows him and the total with him', async () => {
    const client = new QueryClient();
    const list = slowList(client, filter, { members: admins, total: 4 });
    const created = member(9);
    const adding = addToLists(client, created);
    list.respond();
    await Promise.all([adding, list.fetched]);
    const data = client.getQueryData<MemberListData>(memberKeys.list(filter))!;
    expect(data.total).toBe(5);
    expect(data.members.map((m) => m.id)).toEqual([...admins.map((m) => m.id), created.id]);
    expect(data.outsideIds).toEqual([created.id]);
  });

  it('a list refetching when he is created keeps him after its answer arrives', async () => {
    const client = new QueryClient();
    client.setQueryData<MemberListData>(memberKeys.list({}), { members: admins, total: 200 });
    const list = slowList(client, {}, { members: admins, total: 200 });
    const created = member(9);
    const adding = addToLists(client, created);
    list.respond();
    await Promise.all([adding, list.fetched]);
    const data = client.getQueryData<MemberListData>(memberKeys.list({}))!;
    expect(data.total).toBe(201);
    expect(data.members.at(-1)?.id).toBe(created.id);
    expect(data.outsideIds).toBeUndefined();
  });

  it('an answer that already holds him is left as it is', async () => {
    const client = new QueryClient();
    const created = member(9);
    client.setQueryData<MemberListData>(memberKeys.list({}), {
      members: [...admins, created],
      total: 5,
    });
    await addToLists(client, created);
    expect(client.getQueryData<MemberListData>(memberKeys.list({}))!.total).toBe(5);
  });
});

describe('removeFromLists', () => {
  it('a list refetching when he is deleted does not bring him back', async () => {
    const client = new QueryClient();
    client.setQueryData<MemberListData>(memberKeys.list({}), { members: admins, total: 4 });
    const list = slowList(client, {}, { members: admins, total: 4 });
    const removing = removeFromLists(client, admins[0]!.id);
    list.respond();
    await Promise.all([removing, list.fetched]);
    const data = client.getQueryData<MemberListData>(memberKeys.list({}))!;
    expect(data.total).toBe(3);
    expect(data.members.map((m) => m.id)).not.toContain(admins[0]!.id);
  });
});
