import { bulkEndpoints, type TCsvEncoding } from '@cloudsign/contract';
import type { UploadProgress } from '../../../lib/api-transfer.ts';
import { callEndpoint, downloadEndpoint, uploadEndpoint } from '../../../lib/call-endpoint.ts';
import { jobSource } from '../../../lib/use-job.ts';
import { attributeBulkKeys } from './keys.ts';

const e = bulkEndpoints.documentAttributes;

/** Multipart, field `filename` (docs/design.md §3). */
export const uploadAttributesCsv = (file: File, onProgress: (p: UploadProgress) => void) =>
  uploadEndpoint(e.edit, { file, onProgress });

/** Starts the download job: `conditions` are the query keys of the document search. */
export const requestAttributesCsv = (conditions: Record<string, string>, encoding: TCsvEncoding) =>
  callEndpoint(e.download.request, { body: { conditions, encoding } });

/** The download job: its state polled until its file is ready, then the CSV. */
export const attributesCsvJob = jobSource({
  key: (id: string) => attributeBulkKeys.download(id),
  status: async (id: string, signal: AbortSignal) =>
    (await callEndpoint(e.download.get, { params: { id }, signal })).manipulation,
  download: (id: string) => downloadEndpoint(e.download.csv, { params: { id } }),
  failText: 'CSVを作成できませんでした。',
});
