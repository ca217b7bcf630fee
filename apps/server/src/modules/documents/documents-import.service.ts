/**
 * Import of signed PDFs (docs/design.md §4): each file is checked while it streams to storage, then all
 * accepted files become status-13 documents in one transaction, filed into the target cabinet and by the
 * classification rules. A rejected file leaves nothing behind: its stored bytes are removed.
 */
import type { Readable } from 'node:stream';
import {
  EntityType,
  DocumentStatus,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_NAME_CHARS,
  ZDocumentAttributeUpdate,
  type TDocumentAttributeOption,
  type TDocumentImportResult,
  type TErrorDetail,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { capDetails } from '../../lib/error-details.ts';
import { documentSearchText } from '../../lib/search-text.ts';
import { selectOptions } from '../document-attribute-options/document-attribute-options.service.ts';
import { EMPTY_ATTRIBUTE, mergeAttribute } from './document-attribute.service.ts';
import { auditBy, recordDocumentEvents } from '../audit-log/audit-log.record.ts';
import { documentsOf, type Ctx } from './documents.service.ts';
import { PdfCheck } from './pdf-check.ts';
import { scriptRefusal } from './pdf-script-refusal.ts';

type Rejected = {
  filename: string;
  ok: false;
  error: { code: string; message: string; details?: TErrorDetail[] };
};
export type StagedFile =
  { filename: string; ok: true; title: string; storageKey: string; size: number } | Rejected;

const reject = (
  filename: string,
  code: string,
  message: string,
  details?: TErrorDetail[],
): Rejected => ({
  filename,
  ok: false,
  error: { code, message, ...(details ? { details: capDetails(details) } : {}) },
});

/** Importer capability (contract file): the company flag, and 書類インポート権限 or 組織管理権限. */
export function requireImporter(auth: AuthContext) {
  if (!auth.company.documentImport)
    throw new AppError('forbidden', 'この組織では書類のインポートが有効になっていません。');
  if (!auth.isCompanyAdmin && !auth.roles.has('DocumentImporter')) {
    throw new AppError('forbidden', '書類をインポートする権限（書類インポート権限）がありません。');
  }
}

/** The target must be a cabinet of the company that the caller manages. */
export async function resolveImportCabinet({ db, auth, ...ctx }: Ctx, cabinetId: string) {
  const repo = documentsOf(ctx);
  const cabinet = await repo.findCabinetInCompany(db, auth.user.companyId, cabinetId);
  const message = 'インポート先のキャビネットが見つかりません。';
  if (!cabinet) throw new AppError('not_found', message, [{ path: 'cabinetId', message }]);
  if (!(await repo.canManageCabinet(db, auth, cabinetId))) {
    const m =
      'このキャビネットに書類をインポートする権限がありません（キャビネットの管理者のみインポートできます）。';
    throw new AppError('forbidden', m, [{ path: 'cabinetId', message: m }]);
  }
  return { id: cabinet.id, name: cabinet.name, isSystem: cabinet.type === EntityType.System };
}
export type ImportCabinet = Awaited<ReturnType<typeof resolveImportCabinet>>;

/** Name rule (CS): `<name>.pdf`, the name at most 64 characters. Answers the title or a rejection message. */
export function checkImportFilename(
  filename: string,
): { title: string } | { code: string; message: string } {
  if (!/\.pdf$/i.test(filename)) {
    return {
      code: 'unsupported_media_type',
      message: 'PDFファイルではありません。拡張子が「.pdf」のファイルを選んでください。',
    };
  }
  const title = filename.slice(0, -4);
  if (title.trim() === '')
    return { code: 'validation_failed', message: 'ファイル名がありません。' };
  if (Array.from(title).length > IMPORT_MAX_NAME_CHARS) {
    return {
      code: 'validation_failed',
      message: `ファイル名が長すぎます。拡張子を除いて${IMPORT_MAX_NAME_CHARS}文字以内にしてください。`,
    };
  }
  return { title };
}

/** Streams one file part to storage while checking it; always consumes the stream. */
export async function stageFile(
  deps: AppDeps,
  filename: string,
  stream: Readable & { truncated?: boolean },
): Promise<StagedFile> {
  const name = checkImportFilename(filename);
  if ('code' in name) {
    stream.resume();
    await new Promise((resolve) => stream.once('end', resolve).once('error', resolve));
    return reject(filename, name.code, name.message);
  }
  const storageKey = `documents/${crypto.randomUUID()}.pdf`;
  const check = new PdfCheck();
  // Staged, not written under its key: only the commit makes it a document's file (a crash leaves no orphan).
  try {
    await deps.storage.stage(storageKey, stream.pipe(check));
  } catch (err) {
    await deps.storage.discard(storageKey);
    throw err;
  }
  const why =
    stream.truncated || check.size > IMPORT_MAX_FILE_BYTES
      ? reject(
          filename,
          'payload_too_large',
          'ファイルサイズが50MBを超えています。50MB以下のPDFファイルを選んでください。',
        )
      : check.size === 0
        ? reject(filename, 'validation_failed', 'ファイルが空です。')
        : !check.startsLikePdf
          ? reject(
              filename,
              'unsupported_media_type',
              'PDFファイルではありません（ファイルの先頭が「%PDF-」ではありません）。',
            )
          : !check.endsLikePdf
            ? reject(
                filename,
                'unsupported_media_type',
                'PDFファイルが壊れているか、途中で切れています（ファイルの末尾に「%%EOF」がありません）。',
              )
            : null;
  const refused =
    why ??
    (await scriptRefusal(deps, storageKey).then((r) => r && reject(filename, r.code, r.message)));
  if (refused) {
    await deps.storage.discard(storageKey);
    return refused;
  }
  return { filename, ok: true, title: name.title, storageKey, size: check.size };
}

/** The per-file attributes (JSON array aligned with the files); the element's own errors fail that file only. */
export function parseImportAttributes(raw: string | undefined): unknown[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) {
    const message = 'attributes はファイルごとの書類情報の配列（JSON）で指定してください。';
    throw new AppError('validation_failed', message, [{ path: 'attributes', message }]);
  }
  return parsed;
}

function attributeFor(raw: unknown, index: number, options: TDocumentAttributeOption[]) {
  if (raw === undefined || raw === null)
    return { values: EMPTY_ATTRIBUTE, errors: [] as TErrorDetail[] };
  const parsed = ZDocumentAttributeUpdate.safeParse(raw);
  if (!parsed.success) {
    return {
      values: EMPTY_ATTRIBUTE,
      errors: parsed.error.issues.map((i) => ({
        path: ['attributes', index, ...i.path].join('.'),
        message: i.message,
      })),
    };
  }
  const merged = mergeAttribute(EMPTY_ATTRIBUTE, parsed.data, options);
  return {
    values: merged.values,
    errors: merged.errors.map((e) => ({ ...e, path: `attributes.${index}.${e.path}` })),
  };
}

/** Creates the documents of the accepted files; answers one result per file, in upload order. */
export async function commitImport(
  { db, auth, storage, ...ctx }: Ctx & { db: Db } & Pick<AppDeps, 'storage'>,
  cabinet: ImportCabinet,
  staged: StagedFile[],
  attributes: unknown[],
): Promise<TDocumentImportResult[]> {
  const repo = documentsOf(ctx);
  const options = await selectOptions(db, auth.user.companyId);
  const now = ctx.clock();
  const results: TDocumentImportResult[] = [];
  const rows: Parameters<typeof repo.insertImportedDocuments>[1] = [];
  const files: Parameters<typeof repo.insertImportedDocuments>[2] = [];
  for (const [index, file] of staged.entries()) {
    if (!file.ok) {
      results.push({ filename: file.filename, ok: false, error: file.error });
      continue;
    }
    const attr = attributeFor(attributes[index], index, options);
    if (attr.errors.length > 0) {
      await storage.discard(file.storageKey);
      results.push(
        reject(file.filename, 'validation_failed', attr.errors[0]!.message, attr.errors),
      );
      continue;
    }
    const id = crypto.randomUUID();
    const { values } = attr;
    rows.push({
      id,
      companyId: auth.user.companyId,
      status: DocumentStatus.Imported,
      title: file.title,
      senderId: auth.user.id,
      senderName: auth.user.name,
      senderEmail: auth.user.email,
      ...values,
      searchText: documentSearchText({
        id,
        title: file.title,
        attrTitle: values.attrTitle,
        counterparty: values.counterparty,
      }),
      createdAt: now,
      updatedAt: now,
    });
    files.push({
      documentId: id,
      name: file.filename,
      size: file.size,
      storageKey: file.storageKey,
      // Staging refused every other verdict (scriptRefusal): the viewer need not read the file again.
      scriptCheck: 'clean',
    });
    results.push({ filename: file.filename, ok: true, documentId: id });
  }
  try {
    await db.transaction(async (tx) => {
      await repo.insertImportedDocuments(tx, rows, files, cabinet.isSystem ? null : cabinet.id);
      await repo.applyClassificationRules(
        tx,
        auth.user.companyId,
        rows.map((r) => r.id!),
      );
      // One event per imported document (its history starts here), naming the cabinet it went into.
      await recordDocumentEvents(
        tx,
        auditBy(auth),
        'document.imported',
        rows.map((r) => r.id!),
        { cabinet: { id: cabinet.id, name: cabinet.name } },
      );
    });
  } catch (err) {
    await Promise.all(files.map((f) => storage.discard(f.storageKey)));
    throw err;
  }
  // Committed: the files take their keys. A crash before this is finished by the next start's sweep.
  await Promise.all(files.map((f) => storage.promote(f.storageKey)));
  return results;
}

/** Removes what an aborted request had already stored (no orphans). */
export async function discardStaged(deps: AppDeps, staged: StagedFile[]) {
  await Promise.all(staged.flatMap((f) => (f.ok ? [deps.storage.discard(f.storageKey)] : [])));
}
