import { useMutation, useQuery } from '@tanstack/react-query';
import { bulkEndpoints, type TMemberEditTemplateRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberBulkKeys } from './keys.ts';
import { isMoving } from '../../../lib/bulk/manipulations-api.ts';
import type { GeneratedFile } from './transfers.ts';

/** What either file page asks for: the export's own 作成元 column, the edit template's 利用停止. */
export type MembersCsvBody = TMemberEditTemplateRequest & { withSource?: boolean };

/** Export (`POST /members/export/csv`) or edit template (`POST /members/bulk_edit/csv_template`). */
export const requestMembersCsv = (file: GeneratedFile, { withSource, ...body }: MembersCsvBody) =>
  file === 'editTemplate'
    ? callEndpoint(bulkEndpoints.members.editTemplate.request, { body })
    : // Only the edit template knows 利用停止: the export's body is strict and would refuse the key.
      callEndpoint(bulkEndpoints.members.export.request, {
        body: { filters: body.filters, encoding: body.encoding, withSource: withSource ?? false },
      });

export const useRequestMembersCsv = (file: GeneratedFile) =>
  useMutation({
    mutationFn: (body: MembersCsvBody) => requestMembersCsv(file, body),
  });

/** 一括編集 from a finished edit template (`POST …/csv_template/:id/edit`): the new run, being checked. */
export const useStartEditFromTemplate = () =>
  useMutation({
    mutationFn: async (id: string) =>
      (await callEndpoint(bulkEndpoints.members.editFromTemplate, { params: { id } })).manipulation,
  });

export const useGenerated = (file: GeneratedFile, id: string) =>
  useQuery({
    queryKey: memberBulkKeys.generated(file, id),
    queryFn: async ({ signal }) =>
      (await callEndpoint(bulkEndpoints.members[file].get, { params: { id }, signal }))
        .manipulation,
    refetchInterval: (q) => (isMoving(q.state.data) ? 1000 : false),
  });
