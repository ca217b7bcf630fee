/**
 * Filing documents (CS): with `fromCabinetId` a move (link here + unlink there), without it a copy (link
 * only); and unlinking. All-or-nothing in one transaction, set-based for 10,000 ids (at scale).
 *
 * Filing gives the target's admins edit rights and its readers read rights, so only documents the caller
 * may already edit can be filed (auth/access.ts, asked through the cabinets repository): a member who only reads a document cannot copy it into a
 * cabinet he manages and edit it there. Unlinking only narrows access and needs read access.
 */
import type { TCabinetDocumentsResponse, TDocumentSearchConditions } from '@cloudsign/contract';
import { auditBy, recordAuditEvent, recordDocumentEvents } from '../audit-log/audit-log.record.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  NOT_EDITABLE_MESSAGE,
  conditionScope,
  requireFilableMatching,
} from './cabinet-documents-condition.service.ts';
import { cabinetsOf, loadManaged, type Ctx } from './cabinets.service.ts';
import { EntityType } from '@cloudsign/contract';

type DbCtx = Ctx & { db: Db };

const systemProtected = () =>
  new AppError(
    'system_protected',
    '「すべての書類」にはすべての書類が自動で含まれるため、追加・解除はできません。',
  );

export { NOT_EDITABLE_MESSAGE };

/** Every id must be a company document the caller may read, else 404 and nothing is written. */
async function requireDocuments(ctx: Ctx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const found = await cabinetsOf(ctx).countDocuments(ctx.db, ctx.auth, unique, 'read');
  if (found !== unique.length) throw new AppError('not_found', '指定された書類が見つかりません。');
  return unique;
}

/** Documents to file: readable (else 404) and editable by the caller (else 403, nothing written). */
async function requireFilable(ctx: Ctx, ids: readonly string[]) {
  const unique = await requireDocuments(ctx, ids);
  if (ctx.auth.isCompanyAdmin) return unique;
  const editable = await cabinetsOf(ctx).countDocuments(ctx.db, ctx.auth, unique, 'edit');
  if (editable !== unique.length) {
    throw new AppError('forbidden', NOT_EDITABLE_MESSAGE, [
      { path: 'documentIds', message: NOT_EDITABLE_MESSAGE },
    ]);
  }
  return unique;
}

/** A call's documents: an id list, or a search condition (cabinet-documents-condition.service.ts). */
export type Selection = { documentIds?: string[]; conditions?: TDocumentSearchConditions };

export async function fileDocuments(
  ctx: DbCtx,
  id: string,
  input: Selection & { fromCabinetId?: string },
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
  const isMove = source?.type === EntityType.User;
  const repo = cabinetsOf(ctx);
  if (input.conditions) {
    const matching = await conditionScope(ctx, input.conditions, source?.id ?? null);
    return ctx.db.transaction(async (tx) => {
      if (isMove) await repo.lockCabinetCounters(tx, [id, source.id]);
      const where = await requireFilableMatching({ ...ctx, db: tx }, matching, true);
      const linked = await repo.linkMatching(tx, id, where);
      const unlinked = isMove ? await repo.unlinkMatching(tx, source.id, where) : 0;
      // Every matching document was there already (and none left the source): nothing is recorded.
      if (linked === 0 && unlinked === 0) return { linked, unlinked };
      // A filing by condition is one event naming the cabinet, the condition and the count.
      await recordAuditEvent(tx, {
        ...auditBy(ctx.auth),
        action: isMove ? 'document.moved' : 'document.filed',
        target: { type: 'cabinet', id: target.id, name: target.name },
        details: {
          cabinet: { id: target.id, name: target.name },
          ...(source ? { from: { id: source.id, name: source.name } } : {}),
          count: linked,
          conditions: input.conditions,
        },
      });
      return { linked, unlinked };
    });
  }
  const documentIds = await requireFilable(ctx, input.documentIds ?? []);
  return ctx.db.transaction(async (tx) => {
    // Both cabinets' counter rows are locked first, in id order: two opposite moves between the same
    // cabinets would otherwise each lock one counter in their trigger and wait for the other (deadlock).
    // 「すべての書類」 holds everything implicitly: moving out of it is a copy.
    const to = { id: target.id, name: target.name };
    if (!source || source.type !== EntityType.User) {
      // Each document newly filed gets its event; one already in the cabinet gets none.
      const linked = await repo.linkDocuments(tx, id, documentIds);
      await recordDocumentEvents(tx, auditBy(ctx.auth), 'document.filed', linked, {
        cabinet: to,
        ...(source ? { from: { id: source.id, name: source.name } } : {}),
      });
      return { linked: linked.length, unlinked: 0 };
    }
    await repo.lockCabinetCounters(tx, [id, source.id]);
    const { changed, ...moved } = await repo.moveDocuments(tx, source.id, id, documentIds);
    await recordDocumentEvents(tx, auditBy(ctx.auth), 'document.moved', changed, {
      cabinet: to,
      from: { id: source.id, name: source.name },
    });
    return moved;
  });
}

export async function unfileDocuments(
  ctx: DbCtx,
  id: string,
  input: Selection,
): Promise<TCabinetDocumentsResponse> {
  const target = await loadManaged(ctx, id);
  if (target.type === EntityType.System) throw systemProtected();
  if (input.conditions) {
    const matching = await conditionScope(ctx, input.conditions, id);
    const conditions = input.conditions;
    return ctx.db.transaction(async (tx) => {
      // Unlinking only narrows access: reading is enough, as for the id form.
      const where = await requireFilableMatching({ ...ctx, db: tx }, matching, false);
      const unlinked = await cabinetsOf(ctx).unlinkMatching(tx, id, where);
      if (unlinked === 0) return { linked: 0, unlinked };
      await recordAuditEvent(tx, {
        ...auditBy(ctx.auth),
        action: 'document.unfiled',
        target: { type: 'cabinet', id: target.id, name: target.name },
        details: { cabinet: { id: target.id, name: target.name }, count: unlinked, conditions },
      });
      return { linked: 0, unlinked };
    });
  }
  const ids = await requireDocuments(ctx, input.documentIds ?? []);
  return ctx.db.transaction(async (tx) => {
    const unlinked = await cabinetsOf(ctx).unlinkDocuments(tx, id, ids);
    await recordDocumentEvents(tx, auditBy(ctx.auth), 'document.unfiled', unlinked, {
      cabinet: { id: target.id, name: target.name },
    });
    return { linked: 0, unlinked: unlinked.length };
  });
}
