import { queryOptions, useQuery } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { cabinetKeys } from './keys.ts';

export const getCabinet = (id: string, signal?: AbortSignal) =>
  callEndpoint(cabinetEndpoints.get, { params: { id }, signal });

export const cabinetQuery = (id: string) =>
  queryOptions({
    queryKey: cabinetKeys.detail(id),
    queryFn: async ({ signal }) => (await getCabinet(id, signal)).cabinet,
  });

export const useCabinet = (id: string) => useQuery(cabinetQuery(id));
