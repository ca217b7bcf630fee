/**
 * Applies checked attribute rows, one batch per call inside the engine's transaction. Documents are locked
 * and their 更新日時 compared again: a document changed since the check fails its row (never overwritten).
 * Writes are one set-based statement; updated_at moves and search_text follows the new 管理用タイトル and
 * counterparty.
 */
import { DOCUMENT_ATTRIBUTE_CSV as C } from '@cloudsign/contract';
import type { Tx } from '../../db/client.ts';
import type {
  BatchExecutor,
  ManipulationRow,
  PendingRow,
  RowOutcome,
} from '../../bulk/bulk.types.ts';
import { documentSearchText } from '../../lib/search-text.ts';
import { selectOptions } from '../document-attribute-options/document-attribute-options.service.ts';
import {
  findDocumentsByIds,
  participantsOf,
  updateAttributes,
  type AttributeWrite,
} from './document-attribute-bulk.repository.ts';
import { applyTexts } from './attribute-values.ts';
import { formatVersion } from './attribute-cells.ts';
import { changes } from '../audit-log/audit-log.record.ts';
import {
  DOCUMENT_ATTRIBUTE_AUDIT_FIELDS,
  bulkRowDetail,
  documentAuditTarget,
  alongsideWrite,
  rowEvents,
  runExecutor,
  writeRowEvents,
  type RowEventWriter,
} from '../audit-log/bulk-row-events.ts';

export const EXEC_MSG = {
  gone: '書類が見つかりません（チェックの後に削除されました）。',
  conflict:
    'チェックの後にこの書類が変更されたため、上書きせずに中止しました（競合）。最新のCSVをダウンロードし直してください。',
  optionGone: (name: string) => `項目「${name}」が見つかりません（チェックの後に変更されました）。`,
} as const;

const fail = (rowNumber: number, message: string): RowOutcome => ({
  rowNumber,
  outcome: 'failed',
  message,
});

async function applyBatch(
  write: RowEventWriter,
  tx: Tx,
  m: ManipulationRow,
  rows: PendingRow[],
): Promise<RowOutcome[]> {
  const current = new Map(
    (
      await findDocumentsByIds(
        tx,
        m.companyId,
        rows.map((r) => r.targetId!),
        true,
      )
    ).map((d) => [d.id, d]),
  );
  const options = await selectOptions(tx, m.companyId);
  const outcomes = new Map<number, RowOutcome>();
  const writes: (Omit<AttributeWrite, 'searchText'> & { title: string; rowNumber: number })[] = [];
  const changed: {
    rowNumber: number;
    target: ReturnType<typeof documentAuditTarget>;
    details: Record<string, unknown>;
  }[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const doc = current.get(r.targetId!);
    if (!doc) outcomes.set(r.rowNumber, fail(r.rowNumber, EXEC_MSG.gone));
    else if (formatVersion(doc.updatedAt) !== r.before?.[C.updatedAt] || seen.has(doc.id))
      outcomes.set(r.rowNumber, fail(r.rowNumber, EXEC_MSG.conflict));
    else {
      const next = applyTexts(doc, r.after ?? {}, options);
      if ('missingOption' in next)
        outcomes.set(r.rowNumber, fail(r.rowNumber, EXEC_MSG.optionGone(next.missingOption)));
      else {
        seen.add(doc.id);
        writes.push({ ...next, title: doc.title, rowNumber: r.rowNumber });
        const diff = changes(doc, next, DOCUMENT_ATTRIBUTE_AUDIT_FIELDS);
        if (Object.keys(diff).length > 0)
          changed.push({
            rowNumber: r.rowNumber,
            target: documentAuditTarget({ id: doc.id, title: doc.title, localId: next.localId }),
            details: { ...diff, ...bulkRowDetail(m, r.rowNumber) },
          });
      }
    }
  }
  const parts = await participantsOf(
    tx,
    writes.map((w) => w.id),
  );
  const partsOf = new Map<string, typeof parts>();
  for (const p of parts) partsOf.set(p.documentId, [...(partsOf.get(p.documentId) ?? []), p]);
  const executor = changed.length > 0 ? await runExecutor(tx, m) : undefined;
  // One event per document changed, with the batch (issue 33): the same action and before → after as the
  // detail page's save, plus the run and the row; built while the database applies the update.
  await alongsideWrite(
    updateAttributes(
      tx,
      m.companyId,
      writes.map(({ title, rowNumber: _n, ...w }) => ({
        ...w,
        searchText: documentSearchText({
          id: w.id,
          title,
          attrTitle: w.attrTitle,
          counterparty: w.counterparty,
          participants: partsOf.get(w.id) ?? [],
        }),
      })),
    ),
    async () => {
      if (executor)
        await write(
          tx,
          rowEvents(
            m,
            executor,
            changed.map(({ rowNumber: _n, ...e }) => ({
              action: 'document.attributesChanged',
              ...e,
            })),
          ),
        );
    },
  );
  for (const w of writes)
    outcomes.set(w.rowNumber, { rowNumber: w.rowNumber, outcome: 'succeeded', message: null });
  return rows.map((r) => outcomes.get(r.rowNumber)!);
}

/** `write` is the product's event writer unless a benchmark measures the execution without it (RowEventWriter). */
export const createAttributeExecutor = (write: RowEventWriter = writeRowEvents): BatchExecutor => ({
  executableActions: ['update'],
  applyBatch: (tx, m, rows) => applyBatch(write, tx, m, rows),
});

export const attributeExecutor: BatchExecutor = createAttributeExecutor();
