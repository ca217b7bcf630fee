import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberGroupEndpoints, type TFindMemberGroupsQuery } from '@cloudsign/contract';
import { callEndpoint } from '../call-endpoint.ts';

/**
 * `GET /member_groups` is read by several features (the member-groups page, the members filter, the bulk export
 * filter): one fetcher and one key family, so a group created or renamed anywhere refreshes every list at once.
 */
export const memberGroupListKeys = {
  all: ['member-groups'] as const,
  lists: () => [...memberGroupListKeys.all, 'list'] as const,
  list: (query: TFindMemberGroupsQuery) => [...memberGroupListKeys.lists(), query] as const,
};

export const findMemberGroups = (query: TFindMemberGroupsQuery, signal?: AbortSignal) =>
  callEndpoint(memberGroupEndpoints.find, { query, signal });

export const memberGroupListQuery = (query: TFindMemberGroupsQuery = {}) =>
  queryOptions({
    queryKey: memberGroupListKeys.list(query),
    queryFn: ({ signal }) => findMemberGroups(query, signal),
  });

/** The company's groups; `{ type: 'user' }` leaves out 「すべてのメンバー」 (it holds everyone, so it filters nothing). */
export const useMemberGroupList = (query: TFindMemberGroupsQuery = {}) =>
  useQuery(memberGroupListQuery(query));
