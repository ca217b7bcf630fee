/**
 * Reads the import's multipart body part by part (docs/design.md §5 "uploads streamed"): `cabinetId` first, so
 * the target is checked before any byte is stored, then an optional `attributes`, then the files.
 */
import type { FastifyRequest } from 'fastify';
import { IMPORT_MAX_FILES, type TDocumentImportResult } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { requestCtx } from '../../api/request-ctx.ts';
import { AppError } from '../../lib/app-error.ts';
import { filenameProblem, guardUpload } from '../../lib/http/upload-guard.ts';
import {
  commitImport,
  discardStaged,
  parseImportAttributes,
  requireImporter,
  resolveImportCabinet,
  type ImportCabinet,
  stageFile,
  type StagedFile,
} from './documents-import.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const bad = (path: string, message: string) =>
  new AppError('validation_failed', message, [{ path, message }]);

function isMultipartLimit(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT';
}

export async function importDocuments(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<TDocumentImportResult[]> {
  requireImporter(request.auth);
  const ctx = requestCtx(deps, request.auth);
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'multipart/form-data で送信してください。');
  const staged: StagedFile[] = [];
  let cabinet: ImportCabinet | null = null;
  let attributes: unknown[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        if (part.fieldname === 'cabinetId') {
          if (cabinet || staged.length > 0)
            throw bad(
              'cabinetId',
              'インポート先のキャビネットは1回だけ、ファイルより前に指定してください。',
            );
          if (!UUID.test(value.trim()))
            throw bad(
              'cabinetId',
              'インポート先のキャビネットはキャビネットのIDで指定してください。',
            );
          cabinet = await resolveImportCabinet(ctx, value.trim().toLowerCase());
        } else if (part.fieldname === 'attributes') {
          if (staged.length > 0)
            throw bad('attributes', 'attributes はファイルより前に指定してください。');
          attributes = parseImportAttributes(value);
        } else {
          throw bad(part.fieldname, `不明な項目です: ${part.fieldname}`);
        }
        continue;
      }
      if (!cabinet) {
        part.file.resume();
        throw bad(
          'cabinetId',
          'インポート先のキャビネット（cabinetId）をファイルより前に指定してください。',
        );
      }
      const badName = filenameProblem(part.filename);
      if (badName) {
        // This file only: the others in the request are still imported.
        part.file.resume();
        staged.push({
          filename: part.filename,
          ok: false,
          error: { code: 'validation_failed', message: badName },
        });
        continue;
      }
      staged.push(await stageFile(deps, part.filename, guardUpload(part.file)));
    }
    if (!cabinet)
      throw bad('cabinetId', 'インポート先のキャビネット（cabinetId）を指定してください。');
    if (staged.length === 0)
      throw bad('files', 'インポートするPDFファイルを1つ以上選んでください。');
    return await commitImport({ ...ctx, storage: deps.storage }, cabinet, staged, attributes);
  } catch (err) {
    await discardStaged(deps, staged);
    if (isMultipartLimit(err)) {
      throw new AppError(
        'payload_too_large',
        `一度にインポートできるのは${IMPORT_MAX_FILES}ファイルまでです。`,
      );
    }
    throw err;
  }
}
