/**
 * Filing documents (CS): with `fromCabinetId` a move (link here + unlink there), without it a copy (link
 * only); and unlinking. All-or-nothing in one transaction, set-based for 10,000 ids (at scale).
 *
 * Filing gives the target's admins edit rights and its readers read rights, so only documents the caller
 * may already edit can be filed (auth/access.ts): a member who only reads a document cannot copy it into a
 * cabinet he manages and edit it there. Unlinking only narrows access and needs read access.
 */
import type { TCabinetDocumentsResponse } from '@cloudsign/contract';
import { documentEditableSql, readableCabinets, readableDocumentSql } from '../../auth/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './cabinets.repository.ts';
import { loadManaged, type Ctx } from './cabinets.service.ts';
import { EntityType } from '@cloudsign/contract';

type DbCtx = Ctx & { db: Db };

const systemProtected = () =>
  new AppError(
    'system_protected',
    '「すべての書類」にはすべての書類が自動で含まれるため、追加・解除はできません。',
  );

export const NOT_EDITABLE_MESSAGE =
  'キャビネットに追加・移動できるのは、編集できる書類（管理しているキャビネットにある書類）だけです。閲覧だけできる書類は追加できません。';

/** Every id must be a company document the caller may read, else 404 and nothing is written. */
async function requireDocuments(ctx: Ctx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.countReadableDocuments(
    ctx.db,
    ctx.auth.user.companyId,
    unique,
    readableDocumentSql(await readableCabinets(ctx.db, ctx.auth)),
  );
  if (found !== unique.length) throw new AppError('not_found', '指定された書類が見つかりません。');
  return unique;
}

/** Documents to file: readable (else 404) and editable by the caller (else 403, nothing written). */
async function requireFilable(ctx: Ctx, ids: readonly string[]) {
  const unique = await requireDocuments(ctx, ids);
  if (ctx.auth.isCompanyAdmin) return unique;
  const editable = await repo.countReadableDocuments(
    ctx.db,
    ctx.auth.user.companyId,
    unique,
    documentEditableSql(ctx.auth),
  );
  if (editable !== unique.length) {
    throw new AppError('forbidden', NOT_EDITABLE_MESSAGE, [
      { path: 'documentIds', message: NOT_EDITABLE_MESSAGE },
    ]);
  }
  return unique;
}

export async function fileDocuments(
  ctx: DbCtx,
  id: string,
  input: { documentIds: string[]; fromCabinetId?: string },
): Promise<TCabinetDocumentsResponse> {
  const target = await loadManaged(ctx, id);
  if (target.type === EntityType.System) throw systemProtected();
  if (input.fromCabinetId === id) {
    throw new AppError('validation_failed', '移動元と移動先に同じキャビネットは指定できません。', [
      { path: 'fromCabinetId', message: '移動元と移動先に同じキャビネットは指定できません。' },
    ]);
  }
  // Moving takes documents out of the source, so the caller must manage it too.
  const source = input.fromCabinetId ? await loadManaged(ctx, input.fromCabinetId) : null;
  const documentIds = await requireFilable(ctx, input.documentIds);
  return ctx.db.transaction(async (tx) => {
    // Both cabinets' counter rows are locked first, in id order: two opposite moves between the same
    // cabinets would otherwise each lock one counter in their trigger and wait for the other (deadlock).
    // 「すべての書類」 holds everything implicitly: moving out of it is a copy.
    if (!source || source.type !== EntityType.User)
      return { linked: await repo.linkDocuments(tx, id, documentIds), unlinked: 0 };
    await repo.lockCabinetCounters(tx, [id, source.id]);
    return repo.moveDocuments(tx, source.id, id, documentIds);
  });
}

export async function unfileDocuments(
  ctx: DbCtx,
  id: string,
  documentIds: string[],
): Promise<TCabinetDocumentsResponse> {
  const target = await loadManaged(ctx, id);
  if (target.type === EntityType.System) throw systemProtected();
  const ids = await requireDocuments(ctx, documentIds);
  return { linked: 0, unlinked: await repo.unlinkDocuments(ctx.db, id, ids) };
}
