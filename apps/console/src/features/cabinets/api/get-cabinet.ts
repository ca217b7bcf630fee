import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCabinetResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { cabinetKeys } from './keys.ts';

export const getCabinet = (id: string, signal?: AbortSignal) =>
  apiFetch(`/cabinets/${id}`, { schema: ZCabinetResponse, signal });

export const cabinetQuery = (id: string) =>
  queryOptions({
    queryKey: cabinetKeys.detail(id),
    queryFn: async ({ signal }) => (await getCabinet(id, signal)).cabinet,
  });

export const useCabinet = (id: string) => useQuery(cabinetQuery(id));
