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
      source: q.source,
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

/**
 * A member picker's options: the first page for what is typed, whole and leading matches of the name, フリガナ or
 * e-mail first (sort `match`; by name when nothing is typed).
 */
export const memberPickerQuery = (keyword: string | undefined) =>
  queryOptions({
    queryKey: memberKeys.picker(keyword ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(memberEndpoints.find, {
        query: { page: 1, keyword: keyword || undefined, sort: 'match' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useMembers = (q: TMemberListQuery) => useQuery(membersQuery(q));
