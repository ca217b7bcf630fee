import { DOCUMENT_ATTRIBUTE_CSV } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { StoredRow } from '../bulk/bulk-target.ts';
import { findDocumentTitles } from './document-attribute-bulk.repository.ts';

/** The タイトル of the document a row edits, else the 管理用タイトル the file gives (an unknown 書類ID). */
export async function describeAttributeRows(
  db: DbOrTx,
  companyId: string,
  rows: readonly StoredRow[],
): Promise<(string | null)[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.targetId ? [r.targetId] : [])))];
  const titles = new Map(
    (await findDocumentTitles(db, companyId, ids)).map((d) => [d.id, d.title]),
  );
  return rows.map(
    (r) =>
      (r.targetId ? titles.get(r.targetId) : undefined) ??
      (r.input[DOCUMENT_ATTRIBUTE_CSV.title] || null),
  );
}
