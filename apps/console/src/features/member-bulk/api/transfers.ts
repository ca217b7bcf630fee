import { bulkEndpoints, type TCsvEncoding } from '@cloudsign/contract';
import type { UploadProgress } from '../../../lib/api-transfer.ts';
import { downloadEndpoint, uploadEndpoint } from '../../../lib/call-endpoint.ts';

const e = bulkEndpoints.members;

export type UploadKind = 'bulk_add' | 'bulk_edit' | 'bulk_delete';
const UPLOADS = { bulk_add: e.add, bulk_edit: e.edit, bulk_delete: e.delete };
const TEMPLATES = { bulk_add: e.addTemplate, bulk_delete: e.deleteTemplate };

/** Spec §7: multipart, field `filename`. */
export const uploadMembersCsv = (
  kind: UploadKind,
  file: File,
  onProgress: (p: UploadProgress) => void,
) => uploadEndpoint(UPLOADS[kind], { file, onProgress });

export const downloadTemplate = (kind: keyof typeof TEMPLATES, encoding: TCsvEncoding) =>
  downloadEndpoint(TEMPLATES[kind], { query: { encoding } });

/** The files a job writes: the export and the edit template (their entries in `bulkEndpoints.members`). */
export type GeneratedFile = 'export' | 'editTemplate';

export const downloadGenerated = (file: GeneratedFile, id: string) =>
  downloadEndpoint(e[file].csv, { params: { id } });
