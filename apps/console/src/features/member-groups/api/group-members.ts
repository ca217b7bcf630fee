import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { memberEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberGroupKeys } from './keys.ts';

/** Every member of the group (`GET /members?groupId=…&page=-1`), for the virtual list. */
export const findGroupMembers = (id: string, signal?: AbortSignal) =>
  callEndpoint(memberEndpoints.find, { query: { groupId: id, page: -1 }, signal });

export const useGroupMembers = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: memberGroupKeys.members(id),
      queryFn: ({ signal }) => findGroupMembers(id, signal),
    }),
  );

/**
 * The add multiselect's options: the first page (50) of the members matching what is typed, found by the API's
 * keyword search, whole and leading matches first (sort `match`; by name when nothing is typed). A company of
 * 100,000 members is never shipped to the browser whole.
 */
export const findCandidates = (keyword: string, signal?: AbortSignal) =>
  callEndpoint(memberEndpoints.find, {
    query: { page: 1, keyword: keyword || undefined, sort: 'match' },
    signal,
  });

export const useCandidates = (enabled: boolean, keyword: string) =>
  useQuery(
    queryOptions({
      queryKey: memberGroupKeys.candidates(keyword),
      queryFn: ({ signal }) => findCandidates(keyword, signal),
      enabled,
      staleTime: 30_000,
      // The previous options stay while the next search is on its way (no flicker to "List is empty.").
      placeholderData: keepPreviousData,
    }),
  );
