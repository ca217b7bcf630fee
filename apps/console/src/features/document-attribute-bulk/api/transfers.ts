import { useQuery } from '@tanstack/react-query';
import { BulkStatus, bulkEndpoints, type TCsvEncoding } from '@cloudsign/contract';
import type { UploadProgress } from '../../../lib/api-transfer.ts';
import { callEndpoint, downloadEndpoint, uploadEndpoint } from '../../../lib/call-endpoint.ts';
import { attributeBulkKeys } from './keys.ts';

const e = bulkEndpoints.documentAttributes;

/** Multipart, field `filename` (docs/design.md §3). */
export const uploadAttributesCsv = (file: File, onProgress: (p: UploadProgress) => void) =>
  uploadEndpoint(e.edit, { file, onProgress });

/** Starts the download job: `conditions` are the query keys of the document search. */
export const requestAttributesCsv = (conditions: Record<string, string>, encoding: TCsvEncoding) =>
  callEndpoint(e.download.request, { body: { conditions, encoding } });

/** The download job's state, polled until its file is ready. */
export const useDownloadJob = (id: string | null) =>
  useQuery({
    queryKey: attributeBulkKeys.download(id ?? ''),
    queryFn: async ({ signal }) =>
      (await callEndpoint(e.download.get, { params: { id: id! }, signal })).manipulation,
    enabled: id !== null,
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== BulkStatus.Processing ? false : 1000,
  });

export const downloadAttributesCsv = (id: string) =>
  downloadEndpoint(e.download.csv, { params: { id } });
