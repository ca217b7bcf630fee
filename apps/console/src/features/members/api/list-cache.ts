import type { QueryClient } from '@tanstack/react-query';
import { MEMBER_PAGE_SIZE, type TFindMembersResponse, type TMember } from '@cloudsign/contract';
import { memberKeys } from './keys.ts';

/**
 * Spec §4, applied to the lists on screen: a created member joins a list only when fewer than 50 are shown,
 * and the total rises by 1; a deleted member leaves and the total drops by 1. The lists are then marked
 * stale without refetching, so what the admin sees moves by exactly that one member.
 */
export function addToLists(client: QueryClient, member: TMember) {
  client.setQueriesData<TFindMembersResponse>({ queryKey: memberKeys.lists() }, (data) =>
    data
      ? {
          members:
            data.members.length < MEMBER_PAGE_SIZE ? [...data.members, member] : data.members,
          total: data.total + 1,
        }
      : data,
  );
  void client.invalidateQueries({ queryKey: memberKeys.lists(), refetchType: 'none' });
}

export function removeFromLists(client: QueryClient, id: string) {
  client.setQueriesData<TFindMembersResponse>({ queryKey: memberKeys.lists() }, (data) =>
    data
      ? { members: data.members.filter((m) => m.id !== id), total: Math.max(0, data.total - 1) }
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
