import { useQuery } from '@tanstack/react-query';
import { BulkStatus, ZBulkManipulationResponse, type TCsvEncoding } from '@cloudsign/contract';
import { apiDownload, apiFetch, apiUpload } from '../../../lib/api-client.ts';
import type { UploadProgress } from '../../../lib/api-transfer.ts';
import { attributeBulkKeys } from './keys.ts';

/** Multipart, field `filename` (docs/design.md §3). */
export const uploadAttributesCsv = (file: File, onProgress: (p: UploadProgress) => void) =>
  apiUpload('/documents/attributes/bulk_edit', {
    file,
    field: 'filename',
    schema: ZBulkManipulationResponse,
    onProgress,
  });

/** Starts the download job: `conditions` are the query keys of the document search. */
export const requestAttributesCsv = (conditions: Record<string, string>, encoding: TCsvEncoding) =>
  apiFetch('/documents/attributes/bulk_edit/csv', {
    method: 'POST',
    body: { conditions, encoding },
    schema: ZBulkManipulationResponse,
  });

/** The download job's state, polled until its file is ready. */
export const useDownloadJob = (id: string | null) =>
  useQuery({
    queryKey: attributeBulkKeys.download(id ?? ''),
    queryFn: async ({ signal }) =>
      (
        await apiFetch(`/documents/attributes/bulk_edit/csv/${id}`, {
          schema: ZBulkManipulationResponse,
          signal,
        })
      ).manipulation,
    enabled: id !== null,
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== BulkStatus.Processing ? false : 1000,
  });

export const downloadAttributesCsv = (id: string) =>
  apiDownload(`/documents/attributes/bulk_edit/csv/${id}/csv`);
