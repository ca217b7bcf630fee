import { ZBulkManipulationResponse, type TCsvEncoding } from '@cloudsign/contract';
import { apiDownload, apiUpload } from '../../../lib/api-client.ts';
import type { UploadProgress } from '../../../lib/api-transfer.ts';

export type UploadKind = 'bulk_add' | 'bulk_edit' | 'bulk_delete';

/** Spec §7: multipart, field `filename`. */
export const uploadMembersCsv = (
  kind: UploadKind,
  file: File,
  onProgress: (p: UploadProgress) => void,
) =>
  apiUpload(`/members/${kind}`, {
    file,
    field: 'filename',
    schema: ZBulkManipulationResponse,
    onProgress,
  });

export const downloadTemplate = (kind: 'bulk_add' | 'bulk_delete', encoding: TCsvEncoding) =>
  apiDownload(`/members/${kind}/csv_template`, { query: { encoding } });

export const downloadGenerated = (base: GeneratedBase, id: string) =>
  apiDownload(`${base}/${id}/csv`);

export type GeneratedBase = '/members/export' | '/members/bulk_edit/csv_template';
