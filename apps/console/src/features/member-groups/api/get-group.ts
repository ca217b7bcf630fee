import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMemberGroupResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { memberGroupKeys } from './keys.ts';

export const getMemberGroup = (id: string, signal?: AbortSignal) =>
  apiFetch(`/member_groups/${id}`, { schema: ZMemberGroupResponse, signal });

export const useMemberGroup = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: memberGroupKeys.detail(id),
      queryFn: async ({ signal }) => (await getMemberGroup(id, signal)).memberGroup,
    }),
  );
