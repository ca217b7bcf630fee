import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  isBulkBusy,
  type BulkManipulationEndpoints,
  type TBulkManipulation,
  type TBulkRowsQuery,
  type TBulkUpdateBody,
} from '@cloudsign/contract';
import { callEndpoint, downloadEndpoint } from '../call-endpoint.ts';

/** The query keys a bulk feature spells for its manipulations (README rule 5). */
export type BulkManipulationKeys = {
  lists: () => readonly unknown[];
  list: (q: { page: number }) => readonly unknown[];
  detail: (id: string) => readonly unknown[];
  rows: (id: string) => readonly unknown[];
  rowPage: (id: string, q: Partial<TBulkRowsQuery>) => readonly unknown[];
};

/** Statuses that move on by themselves (a job is working): polled until they settle. */
export const isMoving = (m: TBulkManipulation | undefined) => !m || isBulkBusy(m.status);

/**
 * The calls and queries of one bulk area's manipulations (docs/design.md §3's generic machinery): history,
 * one manipulation, its rows, execute/cancel. Member bulk and attribute bulk edit differ only in their
 * endpoints (the contract's `bulkEndpoints.<target>.manipulations`) and their query keys.
 */
export function createManipulationsApi(e: BulkManipulationEndpoints, keys: BulkManipulationKeys) {
  // `kind`: a run of another kind answers 404, as the server does for a run opened under another kind's URL.
  const getManipulation = (id: string, kind?: number, signal?: AbortSignal) =>
    callEndpoint(e.get, { params: { id }, query: kind ? { kind } : undefined, signal });

  const manipulationQuery = (id: string, kind?: number) =>
    queryOptions({
      queryKey: kind ? [...keys.detail(id), { kind }] : keys.detail(id),
      queryFn: async ({ signal }) => (await getManipulation(id, kind, signal)).manipulation,
      // A failed read (404, 403) is not a run in progress: stop polling it.
      refetchInterval: (q) => (!q.state.error && isMoving(q.state.data) ? 1000 : false),
    });
  const useManipulation = (id: string, kind?: number) => useQuery(manipulationQuery(id, kind));

  const findManipulations = (page: number, signal?: AbortSignal) =>
    callEndpoint(e.list, { query: { page, perPage: 20 }, signal });

  /** A page of the history: the page's read and the route's first read (preload) share it. */
  const manipulationsQuery = (page: number) =>
    queryOptions({
      queryKey: keys.list({ page }),
      queryFn: ({ signal }) => findManipulations(page, signal),
      // Runs in progress update in the history without a reload.
      refetchInterval: (q) => (q.state.data?.manipulations.some(isMoving) ? 2000 : false),
    });
  const useManipulations = (page: number) =>
    useQuery({ ...manipulationsQuery(page), placeholderData: keepPreviousData });

  const findRows = (id: string, q: Partial<TBulkRowsQuery>, signal?: AbortSignal) =>
    callEndpoint(e.rows, { params: { id }, query: q, signal });

  const useRows = (id: string, q: Partial<TBulkRowsQuery>, isEnabled: boolean) =>
    useQuery({
      queryKey: keys.rowPage(id, q),
      queryFn: ({ signal }) => findRows(id, q, signal),
      enabled: isEnabled,
      placeholderData: keepPreviousData,
    });

  const updateManipulation = (id: string, body: TBulkUpdateBody) =>
    callEndpoint(e.update, { params: { id }, body });

  function useUpdateManipulation(id: string) {
    const client = useQueryClient();
    return useMutation({
      mutationFn: (body: TBulkUpdateBody) => updateManipulation(id, body),
      onSuccess: async ({ manipulation }) => {
        client.setQueriesData({ queryKey: keys.detail(id) }, manipulation);
        await client.invalidateQueries({ queryKey: keys.lists() });
        await client.invalidateQueries({ queryKey: keys.rows(id) });
      },
    });
  }

  const downloadRowsCsv = (id: string, which: 'errors.csv' | 'result.csv') =>
    downloadEndpoint(which === 'errors.csv' ? e.errorsCsv : e.resultCsv, { params: { id } });
  const downloadUploadedFile = (id: string) => downloadEndpoint(e.uploadedFile, { params: { id } });

  return {
    useManipulation,
    manipulationsQuery,
    useManipulations,
    useRows,
    useUpdateManipulation,
    downloadRowsCsv,
    downloadUploadedFile,
  };
}
