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
import { memberBulkKeys } from './keys.ts';

/** Statuses that move on by themselves (a job is working): polled until they settle. */
export const isMoving = (m: TBulkManipulation | undefined) =>
  !m || m.status === BulkStatus.Uploaded || m.status === BulkStatus.Checking || m.status === BulkStatus.Processing;

export const getManipulation = (id: string, signal?: AbortSignal) =>
  apiFetch(`/members/bulk_manipulations/${id}`, { schema: ZBulkManipulationResponse, signal });

export const manipulationQuery = (id: string) =>
  queryOptions({
    queryKey: memberBulkKeys.detail(id),
    queryFn: async ({ signal }) => (await getManipulation(id, signal)).manipulation,
    refetchInterval: (q) => (isMoving(q.state.data) ? 1000 : false),
  });
export const useManipulation = (id: string) => useQuery(manipulationQuery(id));

export const findManipulations = (page: number, signal?: AbortSignal) =>
  apiFetch('/members/bulk_manipulations', { query: { page, perPage: 20 }, schema: ZBulkManipulationList, signal });

export const useManipulations = (page: number) =>
  useQuery({
    queryKey: memberBulkKeys.list({ page }),
    queryFn: ({ signal }) => findManipulations(page, signal),
    placeholderData: keepPreviousData,
    // Runs in progress update in the history without a reload.
    refetchInterval: (q) => (q.state.data?.manipulations.some(isMoving) ? 2000 : false),
  });

export const findRows = (id: string, q: Partial<TBulkRowsQuery>, signal?: AbortSignal) =>
  apiFetch(`/members/bulk_manipulations/${id}/rows`, { query: q, schema: ZBulkRowsResponse, signal });

export const useRows = (id: string, q: Partial<TBulkRowsQuery>, isEnabled: boolean) =>
  useQuery({
    queryKey: memberBulkKeys.rowPage(id, q),
    queryFn: ({ signal }) => findRows(id, q, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });

export const updateManipulation = (id: string, body: TBulkUpdateBody) =>
  apiFetch(`/members/bulk_manipulations/${id}`, { method: 'PUT', body, schema: ZBulkManipulationResponse });

export function useUpdateManipulation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkUpdateBody) => updateManipulation(id, body),
    onSuccess: async ({ manipulation }) => {
      client.setQueryData(memberBulkKeys.detail(id), manipulation);
      await client.invalidateQueries({ queryKey: memberBulkKeys.lists() });
      await client.invalidateQueries({ queryKey: memberBulkKeys.rows(id) });
    },
  });
}
