/**
 * The rules of filing by search condition, the same as for an id list (cabinet-documents.service.ts): the
 * cabinet listed must be one the caller reads (else 404), the matches at most CABINET_DOCUMENTS_MAX (else
 * 400 naming the limit), and to file a document the caller must be able to edit it (else 403, nothing
 * written). The checks run inside the writing transaction, so they speak of the documents written.
 */
import {
  CABINET_CONDITION_TOO_MANY,
  CABINET_DOCUMENTS_MAX,
  EntityType,
  type TDocumentSearchConditions,
} from '@cloudsign/contract';
import { AppError } from '../../lib/app-error.ts';
import { cabinetsOf, type Ctx } from './cabinets.service.ts';

export const NOT_EDITABLE_MESSAGE =
  'キャビネットに追加・移動できるのは、編集できる書類（管理しているキャビネットにある書類）だけです。閲覧だけできる書類は追加できません。';

export type ConditionScope = {
  conditions: TDocumentSearchConditions;
  scope: { id: string; isSystem: boolean };
};

const invalid = (path: string, message: string) =>
  new AppError('validation_failed', message, [{ path, message }]);

/**
 * The cabinet a condition is limited to: its `cabinetId`, else `fixed` (the move's source, the DELETE's
 * cabinet), which a given `cabinetId` must equal — the documents listed are the documents acted on.
 */
export async function conditionScope(
  ctx: Ctx,
  conditions: TDocumentSearchConditions,
  fixed: string | null,
): Promise<ConditionScope> {
  const id = conditions.cabinetId?.toLowerCase() ?? fixed;
  if (!id)
    throw invalid(
      'conditions.cabinetId',
      '条件で選ぶときは、書類一覧のキャビネット（cabinetId）を指定してください。',
    );
  if (fixed && id !== fixed.toLowerCase())
    throw invalid(
      'conditions.cabinetId',
      '条件のキャビネット（cabinetId）には、書類を外す（移動元の）キャビネットを指定してください。',
    );
  const repo = cabinetsOf(ctx);
  const row = await repo.findCabinet(ctx.db, ctx.auth.user.companyId, id);
  if (!row || !(await repo.canReadCabinet(ctx.db, ctx.auth, id)))
    throw new AppError('not_found', '指定されたキャビネットが見つかりません。', [
      { path: 'conditions.cabinetId', message: '指定されたキャビネットが見つかりません。' },
    ]);
  return { conditions, scope: { id: row.id, isSystem: row.type === EntityType.System } };
}

/** The WHERE of the matching documents, once they are within the limit and (`toFile`) editable. */
export async function requireFilableMatching(
  ctx: Ctx,
  { conditions, scope }: ConditionScope,
  toFile: boolean,
) {
  const repo = cabinetsOf(ctx);
  const where = repo.conditionWhere(ctx.auth.user.companyId, conditions, scope);
  const editor = toFile ? ctx.auth : null;
  const n = await repo.countConditionDocuments(ctx.db, where, editor, CABINET_DOCUMENTS_MAX);
  if (n.matching === 0) throw invalid('conditions', '条件に一致する書類がありません。');
  if (n.matching > CABINET_DOCUMENTS_MAX) throw invalid('conditions', CABINET_CONDITION_TOO_MANY);
  if (n.editable < n.matching)
    throw new AppError('forbidden', NOT_EDITABLE_MESSAGE, [
      { path: 'conditions', message: NOT_EDITABLE_MESSAGE },
    ]);
  return where;
}
