import { queryOptions, useQuery } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { cabinetKeys } from './keys.ts';

/** Pickers for the cabinet's managers (who need not be company admins, so not /members or /member_groups). */
export const findMemberCandidates = (id: string, keyword: string, signal?: AbortSignal) =>
  callEndpoint(cabinetEndpoints.memberCandidates, { params: { id }, query: { keyword }, signal });
export const findGroupCandidates = (id: string, signal?: AbortSignal) =>
  callEndpoint(cabinetEndpoints.groupCandidates, { params: { id }, signal });

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
