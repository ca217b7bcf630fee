import { useMutation, useQuery } from '@tanstack/react-query';
import { bulkEndpoints, type TMemberCsvRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberBulkKeys } from './keys.ts';
import { isMoving } from '../../../lib/bulk/manipulations-api.ts';
import type { GeneratedFile } from './transfers.ts';

/** Export (`POST /members/export/csv`) or edit template (`POST /members/bulk_edit/csv_template`). */
export const requestMembersCsv = (file: GeneratedFile, body: TMemberCsvRequest) =>
  callEndpoint(bulkEndpoints.members[file].request, { body });

export const useRequestMembersCsv = (file: GeneratedFile) =>
  useMutation({ mutationFn: (body: TMemberCsvRequest) => requestMembersCsv(file, body) });

export const useGenerated = (file: GeneratedFile, id: string) =>
  useQuery({
    queryKey: memberBulkKeys.generated(file, id),
    queryFn: async ({ signal }) =>
      (await callEndpoint(bulkEndpoints.members[file].get, { params: { id }, signal }))
        .manipulation,
    refetchInterval: (q) => (isMoving(q.state.data) ? 1000 : false),
  });
