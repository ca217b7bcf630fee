import { documentEndpoints, type TDocumentAttributeUpdate } from '@cloudsign/contract';
import type { UploadProgress } from '../../../lib/api-transfer.ts';
import { uploadEndpoint } from '../../../lib/call-endpoint.ts';

/**
 * `POST /documents/import` with one file: each file is its own request, so each has its own progress bar
 * and its own result (the API answers per file either way).
 */
export async function importDocument(
  cabinetId: string,
  file: File,
  attributes: TDocumentAttributeUpdate | null,
  onProgress: (p: UploadProgress) => void,
) {
  const fields: Record<string, string> = { cabinetId };
  if (attributes) fields.attributes = JSON.stringify([attributes]);
  const { results } = await uploadEndpoint(documentEndpoints.import, { file, fields, onProgress });
  return results[0]!;
}
