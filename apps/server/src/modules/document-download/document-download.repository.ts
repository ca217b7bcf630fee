/**
 * SQL of まとめてダウンロード: the documents of a search that the member may read, a keyset page at a time in id
 * order with their files and the cabinets he may see, and the member as he is when the job runs.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { TDocumentDateFilterKey } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { documents, users } from '../../db/schema.ts';
import type { Readable } from '../../auth/access.ts';
import { documentSearchWhere, visibleCabinetsJson } from '../documents/documents-search.sql.ts';
import type { SearchFilter } from '../documents/search-filter.ts';
// What the requester reads when the job runs: asked here, like the job's other reads.
export { readableCabinets } from '../../auth/access.ts';

export type DownloadFile = { id: string; name: string; storageKey: string; size: number };
export type DownloadRow = Awaited<ReturnType<typeof downloadPage>>[number];

/** The company, read access and search conditions of the document list (documentSearchWhere), nothing else. */
export async function countDownload(db: DbOrTx, filter: SearchFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(documentSearchWhere(filter));
  return row?.n ?? 0;
}

/**
 * Keyset page in id order: each document once however the documents change while the ZIP is written.
 * `dateField`: one more date read as `dated` (the period's own field of a 税務調査 pack).
 */
export async function downloadPage(
  db: DbOrTx,
  readable: Readable,
  filter: SearchFilter,
  afterId: string | null,
  limit: number,
  dateField: TDocumentDateFilterKey = 'contractAt',
) {
  const where = documentSearchWhere(filter);
  return db
    .select({
      dated: documents[dateField] as typeof documents.contractAt | typeof documents.sentAt,
      id: documents.id,
      status: documents.status,
      title: documents.title,
      attrTitle: documents.attrTitle,
      counterparty: documents.counterparty,
      contractAt: documents.contractAt,
      amount: documents.amount,
      localId: documents.localId,
      createdAt: documents.createdAt,
      cabinets: visibleCabinetsJson(readable),
      files: sql<
        DownloadFile[]
      >`(select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name,
        'storageKey', f.storage_key, 'size', f.size) order by f.created_at, f.id), '[]'::json)
        from document_files f where f.document_id = documents.id)`,
    })
    .from(documents)
    .where(afterId ? and(where, gt(documents.id, afterId)) : where)
    .orderBy(asc(documents.id))
    .limit(limit);
}

/** The member who asked, read again by the job: his roles and status now decide what he may still read. */
export async function findRequester(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, roles: users.roles, status: users.status })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  return row ?? null;
}
