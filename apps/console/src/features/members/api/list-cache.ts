import type { QueryClient } from '@tanstack/react-query';
import {
  MEMBER_PAGE_SIZE,
  type TFindMembersResponse,
  type TMember,
  type TMemberListQuery,
} from '@cloudsign/contract';
import { matchesListQuery } from '../lib/list-match.ts';
import { memberKeys } from './keys.ts';

/** A list as cached: the API's answer, plus the members added here who do not meet its conditions. */
export type MemberListData = TFindMembersResponse & { outsideIds?: readonly string[] };

/**
 * A list still being fetched answers as the server stood when it was asked, possibly before this change: its
 * answer, arriving later, would replace the change applied now (a member created while a filter was loading
 * was missing from it, the total one short). Wait for those answers, so the change is applied on top of them.
 */
async function listsSettled(client: QueryClient) {
  const inFlight = client
    .getQueryCache()
    .findAll({ queryKey: memberKeys.lists(), fetchStatus: 'fetching' })
    .flatMap((q) => (q.promise ? [q.promise.catch(() => undefined)] : []));
  await Promise.all(inFlight);
}

/**
 * Spec §4, applied to the lists on screen: a created member joins a list only when fewer than 50 are shown,
 * and the total rises by 1; a deleted member leaves and the total drops by 1. The lists are then marked
 * stale without refetching, so what the admin sees moves by exactly that one member.
 */
export async function addToLists(client: QueryClient, member: TMember) {
  await listsSettled(client);
  for (const [key, data] of client.getQueriesData<MemberListData>({
    queryKey: memberKeys.lists(),
  })) {
    // No answer yet, or one read after the creation that already holds him.
    if (!data || data.members.some((m) => m.id === member.id)) continue;
    const query = key[2] as TMemberListQuery | undefined;
    // Added whatever the conditions (spec §4), but marked when he does not meet them, so nobody takes the
    // list for the filter's result.
    const isOutside = query !== undefined && !matchesListQuery(member, query);
    client.setQueryData<MemberListData>(key, {
      members: data.members.length < MEMBER_PAGE_SIZE ? [...data.members, member] : data.members,
      total: data.total + 1,
      outsideIds: isOutside ? [...(data.outsideIds ?? []), member.id] : data.outsideIds,
    });
  }
  void client.invalidateQueries({ queryKey: memberKeys.lists(), refetchType: 'none' });
}

export async function removeFromLists(client: QueryClient, id: string) {
  await listsSettled(client);
  client.setQueriesData<MemberListData>({ queryKey: memberKeys.lists() }, (data) =>
    data
      ? {
          members: data.members.filter((m) => m.id !== id),
          total: Math.max(0, data.total - 1),
          outsideIds: data.outsideIds?.filter((x) => x !== id),
        }
      : data,
  );
  void client.invalidateQueries({ queryKey: memberKeys.lists(), refetchType: 'none' });
  client.removeQueries({ queryKey: memberKeys.detail(id) });
}

/** An edited member replaces its row wherever it is shown. */
export function replaceInLists(client: QueryClient, member: TMember) {
  client.setQueriesData<TFindMembersResponse>({ queryKey: memberKeys.lists() }, (data) =>
    data ? { ...data, members: data.members.map((m) => (m.id === member.id ? member : m)) } : data,
  );
}
