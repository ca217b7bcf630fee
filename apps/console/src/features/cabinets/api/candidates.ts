import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZCabinetGroupCandidatesResponse,
  ZCabinetMemberCandidatesResponse,
} from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { cabinetKeys } from './keys.ts';

/** Pickers for the cabinet's managers (who need not be company admins, so not /members or /member_groups). */
export const findMemberCandidates = (id: string, keyword: string, signal?: AbortSignal) =>
  apiFetch(`/cabinets/${id}/member_candidates`, {
    query: { keyword },
    schema: ZCabinetMemberCandidatesResponse,
    signal,
  });
export const findGroupCandidates = (id: string, signal?: AbortSignal) =>
  apiFetch(`/cabinets/${id}/group_candidates`, { schema: ZCabinetGroupCandidatesResponse, signal });

export const useMemberCandidates = (id: string, keyword: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: cabinetKeys.memberCandidates(id, keyword),
      queryFn: ({ signal }) => findMemberCandidates(id, keyword, signal),
      enabled,
    }),
  );

export const useGroupCandidates = (id: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: cabinetKeys.groupCandidates(id),
      queryFn: async ({ signal }) => (await findGroupCandidates(id, signal)).memberGroups,
      enabled,
    }),
  );
