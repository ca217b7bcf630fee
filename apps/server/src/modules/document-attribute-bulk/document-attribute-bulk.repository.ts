/** SQL of the attribute bulk edit (only repositories issue SQL). Every statement is scoped by company. */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { TDocumentSearchConditions } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  cabinets,
  documentCabinets,
  documentParticipants,
  documents,
  users,
} from '../../db/schema.ts';
import { searchConditions } from '../documents/documents-search.sql.ts';
import { queryRows } from '../../db/query-rows.ts';

export const attributeColumns = {
  id: documents.id,
  title: documents.title,
  attrTitle: documents.attrTitle,
  counterparty: documents.counterparty,
  contractAt: documents.contractAt,
  validityStartAt: documents.validityStartAt,
  validityEndAt: documents.validityEndAt,
  validityEndNoticeAt: documents.validityEndNoticeAt,
  autoUpdate: documents.autoUpdate,
  localId: documents.localId,
  amount: documents.amount,
  options: documents.options,
  updatedAt: documents.updatedAt,
};
export type AttributeRow = {
  id: string;
  title: string;
  attrTitle: string | null;
  counterparty: string | null;
  contractAt: string | null;
  validityStartAt: string | null;
  validityEndAt: string | null;
  validityEndNoticeAt: string | null;
  autoUpdate: number;
  localId: string | null;
  amount: number | null;
  options: Record<string, string>;
  updatedAt: Date;
};

/**
 * Every company document matching the search (a company admin reads them all, so no access condition);
 * a cabinet other than the system one narrows to its documents.
 */
export function matchingWhere(
  companyId: string,
  conditions: TDocumentSearchConditions,
  cabinet: { id: string; isSystem: boolean } | null,
): SQL {
  const parts: SQL[] = [eq(documents.companyId, companyId)];
  if (cabinet && !cabinet.isSystem) {
    parts.push(
      sql`exists (select 1 from document_cabinets dcf where dcf.cabinet_id = ${cabinet.id} and dcf.document_id = ${documents.id})`,
    );
  }
  parts.push(...searchConditions(conditions));
  return and(...parts)!;
}

export async function findCabinet(db: DbOrTx, companyId: string, cabinetId: string) {
  const [row] = await db
    .select({ id: cabinets.id, type: cabinets.type })
    .from(cabinets)
    .where(and(eq(cabinets.companyId, companyId), eq(cabinets.id, cabinetId)))
    .limit(1);
  return row ? { id: row.id, isSystem: row.type === 1 } : null;
}

export async function countMatching(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(where);
  return row?.n ?? 0;
}

/** Keyset page in id order: stable while documents are edited during the download (flat memory). */
export async function attributePage(
  db: DbOrTx,
  where: SQL,
  afterId: string | null,
  limit: number,
): Promise<AttributeRow[]> {
  return db
    .select(attributeColumns)
    .from(documents)
    .where(afterId ? and(where, gt(documents.id, afterId)) : where)
    .orderBy(asc(documents.id))
    .limit(limit);
}

/** The company's documents among `ids` (another company's id is simply absent). `lock`: FOR UPDATE. */
export async function findDocumentsByIds(
  db: DbOrTx,
  companyId: string,
  ids: string[],
  lock = false,
): Promise<AttributeRow[]> {
  if (ids.length === 0) return [];
  const q = db
    .select(attributeColumns)
    .from(documents)
    .where(and(eq(documents.companyId, companyId), inArray(documents.id, ids)))
    .orderBy(asc(documents.id));
  return lock ? q.for('update') : q;
}

export async function participantsOf(db: DbOrTx, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({
      documentId: documentParticipants.documentId,
      name: documentParticipants.name,
      email: documentParticipants.email,
      organization: documentParticipants.organization,
    })
    .from(documentParticipants)
    .where(inArray(documentParticipants.documentId, documentIds))
    .orderBy(asc(documentParticipants.position), asc(documentParticipants.id));
}

export type AttributeWrite = Omit<AttributeRow, 'title' | 'updatedAt'> & { searchText: string };

/** One statement per batch: the new attribute columns travel as one JSON parameter. */
export async function updateAttributes(tx: DbOrTx, companyId: string, rows: AttributeWrite[]) {
  if (rows.length === 0) return;
  const payload = JSON.stringify(rows);
  await queryRows(
    tx,
    sql`update documents d set
          attr_title = x."attrTitle", counterparty = x.counterparty, contract_at = x."contractAt"::date,
          validity_start_at = x."validityStartAt"::date, validity_end_at = x."validityEndAt"::date,
          validity_end_notice_at = x."validityEndNoticeAt"::date, auto_update = x."autoUpdate", local_id = x."localId",
          amount = x.amount, options = x.options, search_text = x."searchText", updated_at = now()
        from jsonb_to_recordset(${payload}::jsonb) as x(id uuid, "attrTitle" text, counterparty text, "contractAt" text,
          "validityStartAt" text, "validityEndAt" text, "validityEndNoticeAt" text, "autoUpdate" smallint, "localId" text,
          amount bigint, options jsonb, "searchText" text)
        where d.company_id = ${companyId}::uuid and d.id = x.id
        returning d.id`,
  );
}

/** タイトル of the company's documents among `ids` (one statement for a page of rows). */
export async function findDocumentTitles(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: documents.id, title: documents.title })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), inArray(documents.id, ids)));
}

/**
 * What the read-only columns of a download page show: title, status, the sender's name and the cabinets'
 * names (joined by 「;」), for one page of ids in two statements.
 */
export async function referencesOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return { docs: [], cabinetsOf: [] };
  const docs = await db
    .select({
      id: documents.id,
      title: documents.title,
      status: documents.status,
      sender: users.name,
    })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.senderId))
    .where(inArray(documents.id, ids));
  const cabinetsOf = await db
    .select({ documentId: documentCabinets.documentId, name: cabinets.name })
    .from(documentCabinets)
    .innerJoin(cabinets, eq(cabinets.id, documentCabinets.cabinetId))
    .where(inArray(documentCabinets.documentId, ids))
    .orderBy(asc(cabinets.name));
  return { docs, cabinetsOf };
}
