/**
 * The one CSV file of a bulk upload (docs/design.md §3: multipart, field `filename`), checked the same way on
 * every bulk route: multipart at all, the field present, a file name without control characters, and a
 * stream that fails clearly when the body stops mid-file.
 */
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../app-error.ts';
import { filenameProblem, guardUpload } from './upload-guard.ts';

const MSG_CHOOSE_FILE = 'ファイルを選択してください。';

export async function readCsvUpload(
  request: FastifyRequest,
): Promise<{ stream: Readable & { truncated?: boolean }; filename: string }> {
  if (!request.isMultipart())
    throw new AppError(
      'unsupported_media_type',
      'multipart/form-data でファイルを送信してください。',
    );
  const part = await request.file();
  if (!part || part.fieldname !== 'filename') {
    part?.file.resume();
    throw new AppError('validation_failed', MSG_CHOOSE_FILE, [
      { path: 'filename', message: MSG_CHOOSE_FILE },
    ]);
  }
  const badName = filenameProblem(part.filename);
  if (badName) {
    part.file.resume();
    throw new AppError('validation_failed', badName, [{ path: 'filename', message: badName }]);
  }
  return { stream: guardUpload(part.file), filename: part.filename };
}
