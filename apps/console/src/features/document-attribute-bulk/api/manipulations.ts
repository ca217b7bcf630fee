import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BulkStatus,
  ZBulkManipulationList,
  ZBulkManipulationResponse,
  ZBulkRowsResponse,
  type TBulkManipulation,
  type TBulkRowsQuery,
  type TBulkUpdateBody,
} from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { attributeBulkKeys } from './keys.ts';

const BASE = '/documents/attributes/bulk_manipulations';

/** Statuses that move on by themselves (a job is working): polled until they settle. */
export const isMoving = (m: TBulkManipulation | undefined) =>
  !m || m.status === BulkStatus.Uploaded || m.status === BulkStatus.Checking || m.status === BulkStatus.Processing;

export const getManipulation = (id: string, signal?: AbortSignal) => apiFetch(`${BASE}/${id}`, { schema: ZBulkManipulationResponse, signal });

export const manipulationQuery = (id: string) =>
  queryOptions({
    queryKey: attributeBulkKeys.detail(id),
    queryFn: async ({ signal }) => (await getManipulation(id, signal)).manipulation,
    refetchInterval: (q) => (isMoving(q.state.data) ? 1000 : false),
  });
export const useManipulation = (id: string) => useQuery(manipulationQuery(id));

export const findManipulations = (page: number, signal?: AbortSignal) =>
  apiFetch(BASE, { query: { page, perPage: 20 }, schema: ZBulkManipulationList, signal });

export const useManipulations = (page: number) =>
  useQuery({
    queryKey: attributeBulkKeys.list({ page }),
    queryFn: ({ signal }) => findManipulations(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.manipulations.some(isMoving) ? 2000 : false),
  });

export const findRows = (id: string, q: Partial<TBulkRowsQuery>, signal?: AbortSignal) =>
  apiFetch(`${BASE}/${id}/rows`, { query: q, schema: ZBulkRowsResponse, signal });

export const useRows = (id: string, q: Partial<TBulkRowsQuery>, isEnabled: boolean) =>
  useQuery({
    queryKey: attributeBulkKeys.rowPage(id, q),
    queryFn: ({ signal }) => findRows(id, q, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });

export const updateManipulation = (id: string, body: TBulkUpdateBody) =>
  apiFetch(`${BASE}/${id}`, { method: 'PUT', body, schema: ZBulkManipulationResponse });

export function useUpdateManipulation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkUpdateBody) => updateManipulation(id, body),
    onSuccess: async ({ manipulation }) => {
      client.setQueryData(attributeBulkKeys.detail(id), manipulation);
      await client.invalidateQueries({ queryKey: attributeBulkKeys.lists() });
      await client.invalidateQueries({ queryKey: attributeBulkKeys.rows(id) });
    },
  });
}
