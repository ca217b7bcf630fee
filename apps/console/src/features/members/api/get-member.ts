import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUserResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { memberKeys } from './keys.ts';

export const getMember = (id: string, signal?: AbortSignal) =>
  apiFetch(`/users/${id}`, { schema: ZUserResponse, signal });

export const useMember = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: memberKeys.detail(id ?? ''),
      queryFn: async ({ signal }) => (await getMember(id!, signal)).user,
      enabled: id !== null,
    }),
  );
