/**
 * The PDF a reader opens (docs/decisions.md "PDFs that carry scripts"). The console shows a PDF from a `blob:`
 * URL in a frame, where the answer's `Content-Security-Policy: sandbox` does not apply, so a PDF whose scripts
 * the browser's viewer would run is never given to the viewer: only a file the script check found clean is
 * served inline. Files stored before the import's check (or by any other path) are checked at their first
 * inline opening, with the same check, and the verdict is remembered. A download (`attachment`) is always
 * served: it is the company's own, often signed, file and is saved, not shown in the console.
 */
import { buffer } from 'node:stream/consumers';
import { IMPORT_MAX_FILE_BYTES } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type * as repo from './documents.repository.ts';
import { documentsOf, type Ctx } from './documents.service.ts';
import { checkPdfScripts } from './pdf-scripts.ts';

type FileCtx = Ctx & Pick<AppDeps, 'storage'>;
type StoredFile = Awaited<ReturnType<typeof repo.selectFiles>>[number];

const DOWNLOAD_STILL_WORKS = 'ダウンロードしてファイルとして保存することはできます。';
const NOT_SHOWN: Record<Exclude<repo.StoredScriptCheck, 'clean'>, string> = {
  script: `このPDFにはJavaScript（開いたときなどに動くプログラム）が含まれているため、安全のためコンソールでは表示できません。${DOWNLOAD_STILL_WORKS}`,
  encrypted: `パスワードで保護（暗号化）されたPDFは、中身を確認できないため、コンソールでは表示できません。${DOWNLOAD_STILL_WORKS}`,
  unreadable: `PDFファイルの構造を読み取れず中身を確認できないため、コンソールでは表示できません。${DOWNLOAD_STILL_WORKS}`,
  too_large: `50MBを超えるPDFは中身を確認できないため、コンソールでは表示できません。${DOWNLOAD_STILL_WORKS}`,
};

/** Checks in progress in this process, by file: concurrent first openings read and parse the file once. */
const inFlight = new Map<string, Promise<repo.StoredScriptCheck | null>>();

/**
 * Reads the stored bytes once and keeps the verdict. Bounded like the import: a file over the import's 50 MB
 * limit is not read at all ('too_large'), so one opening costs at most one 50 MB read and parse. Null when the
 * file is missing from storage (the route answers that as before).
 */
async function checkStoredFile(ctx: FileCtx, documentId: string, file: StoredFile) {
  const size = await ctx.storage.size(file.storageKey);
  if (size === null) return null;
  const verdict: repo.StoredScriptCheck =
    size > IMPORT_MAX_FILE_BYTES
      ? 'too_large'
      : await checkPdfScripts(await buffer(ctx.storage.read(file.storageKey)));
  await documentsOf(ctx).setFileScriptCheck(ctx.db, documentId, file.id, verdict);
  return verdict;
}

async function scriptCheckOf(ctx: FileCtx, documentId: string, file: StoredFile) {
  if (file.scriptCheck) return file.scriptCheck;
  let pending = inFlight.get(file.id);
  if (!pending) {
    pending = checkStoredFile(ctx, documentId, file).finally(() => inFlight.delete(file.id));
    inFlight.set(file.id, pending);
  }
  return pending;
}

/**
 * The file to send. An inline opening of a file that is not clean is refused (409) before anything is
 * recorded: nothing was shown. The opening or download is recorded first (the sensitive read auditors ask about).
 */
export async function findDocumentFile(
  ctx: FileCtx,
  id: string,
  fileId: string,
  isDownload = false,
) {
  const { db, auth: who } = ctx;
  const repo = documentsOf(ctx);
  const doc = await repo.findReadableDocument(db, who, id);
  const file = doc ? (await repo.selectFiles(db, id)).find((f) => f.id === fileId) : undefined;
  if (!doc || !file) throw notFound();
  if (!isDownload) {
    const verdict = await scriptCheckOf(ctx, doc.id, file);
    if (verdict && verdict !== 'clean') throw new AppError('invalid_state', NOT_SHOWN[verdict]);
  }
  await recordAuditEvent(db, {
    ...auditBy(who),
    action: isDownload ? 'document.pdfDownloaded' : 'document.pdfViewed',
    target: { type: 'document', id: doc.id, name: doc.title },
    details: { file: { id: file.id, name: file.name } },
  });
  return file;
}
