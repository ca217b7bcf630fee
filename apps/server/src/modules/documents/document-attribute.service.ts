/**
 * Attribute updates (書類情報): merge rules shared by `PUT /documents/{id}/attribute` and the import. Keys left
 * out stay unchanged (CS); null or '' clears; options by item id, checked against the company's items. A save
 * names the updatedAt it was based on (If-Match, lib/http/if-match.ts).
 */
import type {
  TDocumentAttributeOption,
  TDocumentAttributeUpdate,
  TDocumentDetail,
  TErrorDetail,
} from '@cloudsign/contract';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { assertVersion, nextVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import { documentSearchText } from '../../lib/search-text.ts';
import { selectOptions } from '../document-attribute-options/document-attribute-options.service.ts';
import { auditBy, changes, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { documentAuditTarget } from '../audit-log/bulk-row-events.ts';
import { documentsOf, getDocument, type Ctx } from './documents.service.ts';

type AttributeColumns = Pick<
  typeof documents.$inferSelect,
  | 'attrTitle'
  | 'counterparty'
  | 'contractAt'
  | 'validityStartAt'
  | 'validityEndAt'
  | 'validityEndNoticeAt'
  | 'autoUpdate'
  | 'localId'
  | 'amount'
  | 'options'
>;

const blankToNull = (v: string | null) => (v === null || v.trim() === '' ? null : v);

/** Applies `update` to `current`; answers the new columns or the field errors (paths as the request names them). */
export function mergeAttribute(
  current: AttributeColumns,
  update: TDocumentAttributeUpdate,
  options: TDocumentAttributeOption[],
): { values: AttributeColumns; errors: TErrorDetail[] } {
  const errors: TErrorDetail[] = [];
  const byId = new Map(options.map((o) => [o.id, o]));
  const nextOptions: Record<string, string> = { ...current.options };
  for (const [rawId, value] of Object.entries(update.options ?? {})) {
    const id = rawId.toLowerCase();
    const option = byId.get(id);
    const path = `options.${rawId}`;
    if (!option) {
      errors.push({ path, message: '指定された書類情報の項目が見つかりません。' });
      continue;
    }
    const v = value === null ? '' : value;
    if (v.trim() !== '' && !option.isEnabled) {
      errors.push({ path, message: `「${option.name}」は使用しない設定のため入力できません。` });
      continue;
    }
    if (v.trim() === '') delete nextOptions[id];
    else nextOptions[id] = v;
  }
  for (const o of options) {
    if (
      o.isEnabled &&
      o.isRequired &&
      !(nextOptions[o.id] ?? '').trim() &&
      !errors.some((e) => e.path === `options.${o.id}`)
    ) {
      errors.push({
        path: `options.${o.id}`,
        message: `「${o.name}」は必須項目です。入力してください。`,
      });
    }
  }
  const pick = <K extends keyof TDocumentAttributeUpdate>(
    key: K,
    fallback: NonNullable<TDocumentAttributeUpdate[K]> | null,
  ) =>
    update[key] === undefined
      ? fallback
      : (update[key] as NonNullable<TDocumentAttributeUpdate[K]> | null);
  const values: AttributeColumns = {
    attrTitle: update.title === undefined ? current.attrTitle : blankToNull(update.title),
    counterparty:
      update.counterparty === undefined ? current.counterparty : blankToNull(update.counterparty),
    contractAt: pick('contractAt', current.contractAt),
    validityStartAt: pick('validityStartAt', current.validityStartAt),
    validityEndAt: pick('validityEndAt', current.validityEndAt),
    validityEndNoticeAt: pick('validityEndNoticeAt', current.validityEndNoticeAt),
    autoUpdate: update.autoUpdate ?? current.autoUpdate,
    localId: update.localId === undefined ? current.localId : blankToNull(update.localId),
    amount: update.amount === undefined ? current.amount : update.amount,
    options: nextOptions,
  };
  return { values, errors };
}

const ATTRIBUTE_FIELDS = [
  'attrTitle',
  'counterparty',
  'contractAt',
  'validityStartAt',
  'validityEndAt',
  'validityEndNoticeAt',
  'autoUpdate',
  'localId',
  'amount',
  'options',
] as const satisfies readonly (keyof AttributeColumns)[];

export const EMPTY_ATTRIBUTE: AttributeColumns = {
  attrTitle: null,
  counterparty: null,
  contractAt: null,
  validityStartAt: null,
  validityEndAt: null,
  validityEndNoticeAt: null,
  autoUpdate: 0,
  localId: null,
  amount: null,
  options: {},
};

/** Readers get 404 for documents they cannot read and 403 when they can read but not edit (contract file). */
export async function loadEditable(ctx: Ctx, id: string, opts: { forUpdate?: boolean } = {}) {
  const repo = documentsOf(ctx);
  const doc = await repo.findReadableDocument(ctx.db, ctx.auth, id, opts);
  if (!doc) throw notFound();
  if (!(await repo.canEditAttribute(ctx.db, ctx.auth, id))) throw forbidden();
  return doc;
}

export async function updateDocumentAttribute(
  ctx: Ctx & { db: Db },
  id: string,
  update: TDocumentAttributeUpdate,
  expected: ExpectedVersion,
): Promise<TDocumentDetail> {
  const repo = documentsOf(ctx);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const doc = await loadEditable({ ...ctx, db: tx }, id, { forUpdate: true });
    // Compared under the row lock: of two saves based on one read, the second is refused, not merged.
    assertVersion(expected, doc.updatedAt);
    const options = await selectOptions(tx, ctx.auth.user.companyId);
    const { values, errors } = mergeAttribute(doc, update, options);
    if (errors.length > 0) throw new AppError('validation_failed', errors[0]!.message, errors);
    const changed = changes(doc, values, ATTRIBUTE_FIELDS);
    // An identical save changes nothing: 更新日時 would move the document to the top of the list and make a
    // CSV downloaded earlier report a false 競合 (issue 30).
    if (Object.keys(changed).length === 0) return getDocument({ ...ctx, db: tx }, id);
    const participants = await repo.selectParticipants(tx, id);
    const searchText = documentSearchText({
      id,
      title: doc.title,
      attrTitle: values.attrTitle,
      counterparty: values.counterparty,
      participants,
    });
    await repo.updateDocument(tx, ctx.auth.user.companyId, id, {
      ...values,
      searchText,
      updatedAt: nextVersion(now, doc.updatedAt),
    });
    await recordAuditEvent(tx, {
      ...auditBy(ctx.auth),
      action: 'document.attributesChanged',
      target: documentAuditTarget({ id, title: doc.title, localId: values.localId }),
      details: changed,
    });
    return getDocument({ ...ctx, db: tx }, id);
  });
}
