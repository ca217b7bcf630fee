import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberGroupEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberGroupKeys } from './keys.ts';

export const getMemberGroup = (id: string, signal?: AbortSignal) =>
  callEndpoint(memberGroupEndpoints.get, { params: { id }, signal });

export const useMemberGroup = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: memberGroupKeys.detail(id),
      queryFn: async ({ signal }) => (await getMemberGroup(id, signal)).memberGroup,
    }),
  );
