/** SQL of 税務調査対応: the pack's documents as a subquery, so its 訂正削除履歴 scales with the search, not an id list. */
import { sql, type SQL } from 'drizzle-orm';
import { documents } from '../../db/schema.ts';
import { documentSearchWhere } from '../documents/documents-search.sql.ts';
import type { SearchFilter } from '../documents/search-filter.ts';

/** The ids (as text, like `audit_events.target_id`) of the documents the pack's search matches. */
export const packDocumentIdsSql = (filter: SearchFilter): SQL =>
  sql`select ${documents.id}::text from ${documents} where ${documentSearchWhere(filter)}`;

/**
 * 訂正削除履歴 of the pack's documents: every correction of their 書類情報 recorded up to `until`, whenever it
 * was made (a correction after the period's end is what an inspector asks about most).
 */
export const packCorrections = (companyId: string, filter: SearchFilter, until: Date) => ({
  companyId,
  from: new Date(0),
  to: until,
  documentIdsSql: packDocumentIdsSql(filter),
});
