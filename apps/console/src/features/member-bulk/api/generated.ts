import { useMutation, useQuery } from '@tanstack/react-query';
import { ZBulkManipulationResponse, type TMemberCsvRequest } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { memberBulkKeys } from './keys.ts';
import { isMoving } from '../../../lib/bulk/manipulations-api.ts';
import type { GeneratedBase } from './transfers.ts';

/** Export (`POST /members/export/csv`) or edit template (`POST /members/bulk_edit/csv_template`). */
export const requestMembersCsv = (base: GeneratedBase, body: TMemberCsvRequest) =>
  apiFetch(base === '/members/export' ? '/members/export/csv' : base, {
    method: 'POST',
    body,
    schema: ZBulkManipulationResponse,
  });

export const useRequestMembersCsv = (base: GeneratedBase) =>
  useMutation({ mutationFn: (body: TMemberCsvRequest) => requestMembersCsv(base, body) });

export const useGenerated = (base: GeneratedBase, id: string) =>
  useQuery({
    queryKey: memberBulkKeys.generated(base, id),
    queryFn: async ({ signal }) =>
      (await apiFetch(`${base}/${id}`, { schema: ZBulkManipulationResponse, signal })).manipulation,
    refetchInterval: (q) => (isMoving(q.state.data) ? 1000 : false),
  });
