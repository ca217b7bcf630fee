import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { memberEndpoints, type TMemberListQuery } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberKeys } from './keys.ts';
import type { MemberListData } from './list-cache.ts';

/** `GET /members` with the URL's list state (page=-1: every member, streamed by the server). */
export const findMembers = (q: TMemberListQuery, signal?: AbortSignal) =>
  callEndpoint(memberEndpoints.find, {
    query: {
      page: q.page,
      keyword: q.keyword,
      groupId: q.groupId,
      role: q.role,
      status: q.status,
      mfa: q.mfa,
      signIn: q.signIn,
      sort: q.sort,
    },
    signal,
  });

export const membersQuery = (q: TMemberListQuery) =>
  queryOptions({
    queryKey: memberKeys.list(q),
    queryFn: ({ signal }): Promise<MemberListData> => findMembers(q, signal),
    placeholderData: keepPreviousData,
  });

export const useMembers = (q: TMemberListQuery) => useQuery(membersQuery(q));
