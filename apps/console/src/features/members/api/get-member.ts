import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberKeys } from './keys.ts';

export const getMember = (id: string, signal?: AbortSignal) =>
  callEndpoint(memberEndpoints.get, { params: { id }, signal });

export const useMember = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: memberKeys.detail(id ?? ''),
      queryFn: async ({ signal }) => (await getMember(id!, signal)).user,
      enabled: id !== null,
    }),
  );
