import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFindMembersResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { memberGroupKeys } from './keys.ts';

/** Every member of the group (`GET /members?groupId=…&page=-1`), for the virtual list. */
export const findGroupMembers = (id: string, signal?: AbortSignal) =>
  apiFetch('/members', { query: { groupId: id, page: -1 }, schema: ZFindMembersResponse, signal });

export const useGroupMembers = (id: string) =>
  useQuery(queryOptions({ queryKey: memberGroupKeys.members(id), queryFn: ({ signal }) => findGroupMembers(id, signal) }));

/** Every member of the company, the options of the add multiselect (loaded when the dialog opens). */
export const findCandidates = (signal?: AbortSignal) =>
  apiFetch('/members', { query: { page: -1 }, schema: ZFindMembersResponse, signal });

export const useCandidates = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: memberGroupKeys.candidates(), queryFn: ({ signal }) => findCandidates(signal), enabled, staleTime: 30_000 }));
