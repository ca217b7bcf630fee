/** Document SQL (STYLE.md: only repositories issue SQL). Every statement is scoped by the caller's company. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TOTAL_CAP, type TDocumentFindQuery, type TDocumentSearchConditions } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  cabinets,
  documentCabinets,
  documentFiles,
  documentListStats,
  documentParticipants,
  documents,
} from '../../db/schema.ts';
import { documentReadableSql, readableCabinetIdsSql } from '../../auth/access.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { searchConditions, searchOrder, type KeywordMode } from './documents.search.ts';

export type Who = Pick<AuthContext, 'isCompanyAdmin' | 'user'>;
export type DocumentRow = typeof documents.$inferSelect;

/**
 * The cabinet a search is limited to: the system cabinet means every company document. Only ever made by
 * resolveCabinetScope, so the caller may read it.
 */
export type CabinetScope = { id: string; isSystem: boolean } | null;

/** Company, access, cabinet and search conditions: the WHERE of every search (list, count, bulk edit). */
export function documentSearchWhere(who: Who, conditions: TDocumentSearchConditions, cabinet: CabinetScope, mode: KeywordMode = 'index'): SQL {
  const parts: SQL[] = [eq(documents.companyId, who.user.companyId)];
  // Every document of a readable cabinet is readable (access.ts), so within a cabinet scope the per-document
  // check would only repeat what resolveCabinetScope established — at one link probe per row walked.
  if (!cabinet) parts.push(documentReadableSql(who));
  if (cabinet && !cabinet.isSystem) {
    parts.push(sql`exists (select 1 from document_cabinets dcf where dcf.cabinet_id = ${cabinet.id} and dcf.document_id = ${documents.id})`);
  }
  parts.push(...searchConditions(conditions, mode));
  return and(...parts)!;
}

export async function findCabinetInCompany(db: DbOrTx, companyId: string, cabinetId: string) {
  const [row] = await db
    .select({ id: cabinets.id, type: cabinets.type })
    .from(cabinets)
    .where(and(eq(cabinets.companyId, companyId), eq(cabinets.id, cabinetId)))
    .limit(1);
  return row ?? null;
}

/** A cabinet of the caller's company that the caller may read (one statement: every search asks), or null. */
export async function findReadableCabinet(db: DbOrTx, who: Who, cabinetId: string) {
  const readable = who.isCompanyAdmin ? sql`true` : sql`${cabinets.id} in (${readableCabinetIdsSql(who.user.companyId, who.user.id)})`;
  const [row] = await db
    .select({ id: cabinets.id, type: cabinets.type })
    .from(cabinets)
    .where(and(eq(cabinets.companyId, who.user.companyId), eq(cabinets.id, cabinetId), readable))
    .limit(1);
  return row ?? null;
}

const listColumns = {
  id: documents.id,
  status: documents.status,
  title: documents.title,
  counterparty: documents.counterparty,
  contractAt: documents.contractAt,
  validityEndAt: documents.validityEndAt,
  amount: documents.amount,
  senderName: documents.senderName,
  sentAt: documents.sentAt,
  updatedAt: documents.updatedAt,
};

/** The page statement, unexecuted (the benchmark EXPLAINs it). */
export function documentPageQuery(db: DbOrTx, where: SQL, q: Pick<TDocumentFindQuery, 'sort' | 'order' | 'page' | 'perPage'>, isCollected = false) {
  return db
    .select(listColumns)
    .from(documents)
    .where(where)
    .orderBy(...searchOrder(q.sort, q.order, isCollected))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
}

/**
 * A collected page and the number of matches in one pass: collecting already reads every match to sort it,
 * so `count(*) over ()` (evaluated before ORDER BY and LIMIT) counts them at no extra reads, where a separate
 * count would read them all a second time. The matches are collected as ids and sort keys only — an index
 * that covers the conditions and the sort (migration 0016) answers that without touching the table — and only
 * the page's rows are read. A page past the last match has no row to carry the count.
 */
export function countedPageQuery(db: DbOrTx, where: SQL, q: Pick<TDocumentFindQuery, 'sort' | 'order' | 'page' | 'perPage'>) {
  const page = db
    .select({ id: documents.id, matches: sql<number>`count(*) over ()`.mapWith(Number).as('matches') })
    .from(documents)
    .where(where)
    .orderBy(...searchOrder(q.sort, q.order, true))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .as('page');
  return db
    .select({ ...listColumns, matches: page.matches })
    .from(documents)
    .innerJoin(page, eq(documents.id, page.id))
    .orderBy(...searchOrder(q.sort, q.order));
}

/**
 * Walking a sort index, the ids of the page are found first (an index-only scan when nothing but company and
 * sort narrow it), then only those 50 rows are read: a deep page skips index entries, not table rows.
 */
export async function selectDocumentPage(db: DbOrTx, where: SQL, q: Pick<TDocumentFindQuery, 'sort' | 'order' | 'page' | 'perPage'>, isCollected = false) {
  if (isCollected || q.page === 1) return documentPageQuery(db, where, q, isCollected);
  const ids = await db
    .select({ id: documents.id })
    .from(documents)
    .where(where)
    .orderBy(...searchOrder(q.sort, q.order))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  if (ids.length === 0) return [];
  return documentPageQuery(db, and(where, inArray(documents.id, ids.map((r) => r.id)))!, { ...q, page: 1 });
}

/**
 * Matches counted up to DOCUMENT_TOTAL_CAP + 1: a broad keyword over a million documents must not count them
 * all (the contract's `isTotalExact`).
 */
export function countCappedQuery(db: DbOrTx, where: SQL) {
  const inner = db.select({ one: sql`1` }).from(documents).where(where).limit(DOCUMENT_TOTAL_CAP + 1);
  return db.select({ n: sql<number>`count(*)::int` }).from(inner.as('m'));
}

export async function countDocumentsCapped(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await countCappedQuery(db, where);
  return row?.n ?? 0;
}

/**
 * The planner's estimate of the matches (EXPLAIN, no execution): statistics of the grams expression index and
 * of the columns make it good enough to choose a plan shape and to say 「約N件」 for broad searches.
 */
export async function estimateMatches(db: DbOrTx, where: SQL): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${documents} where ${where}`);
  const row = (result as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** The company's exact document count, kept by triggers (migration 0008). */
export async function companyDocumentCount(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: documentListStats.documentCount })
    .from(documentListStats)
    .where(eq(documentListStats.companyId, companyId));
  return row?.n ?? 0;
}

/** The company's and a cabinet's exact document counts in one round trip, kept by triggers (migrations 0008, 0013). */
export async function companyAndCabinetCounts(db: DbOrTx, companyId: string, cabinetId: string): Promise<{ company: number; cabinet: number }> {
  const [row] = await db
    .select({
      company: sql<number>`coalesce((select s.document_count from document_list_stats s where s.company_id = ${companyId}), 0)`.mapWith(Number),
      cabinet: sql<number>`greatest(coalesce((select s.document_count from cabinet_document_stats s where s.cabinet_id = ${cabinetId}), 0), 0)`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { company: row?.company ?? 0, cabinet: row?.cabinet ?? 0 };
}

/** Cabinets of `documentIds` that the caller may see (names of unreadable cabinets are not leaked). */
export async function selectCabinetsOf(db: DbOrTx, who: Who, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  const visible = who.isCompanyAdmin ? sql`true` : sql`${cabinets.id} in (${readableCabinetIdsSql(who.user.companyId, who.user.id)})`;
  return db
    .select({ documentId: documentCabinets.documentId, id: cabinets.id, name: cabinets.name })
    .from(documentCabinets)
    .innerJoin(cabinets, eq(cabinets.id, documentCabinets.cabinetId))
    .where(and(inArray(documentCabinets.documentId, documentIds), eq(cabinets.companyId, who.user.companyId), visible))
    .orderBy(asc(cabinets.name), asc(cabinets.id));
}

/** A readable document of the caller's company, or null (missing, another company's, or unreadable: all 404). */
export async function findReadableDocument(db: DbOrTx, who: Who, id: string, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.companyId, who.user.companyId), documentReadableSql(who)))
    .limit(1);
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  return row ?? null;
}

export async function selectParticipants(db: DbOrTx, documentId: string) {
  return db
    .select({
      id: documentParticipants.id,
      position: documentParticipants.position,
      name: documentParticipants.name,
      email: documentParticipants.email,
      organization: documentParticipants.organization,
    })
    .from(documentParticipants)
    .where(eq(documentParticipants.documentId, documentId))
    .orderBy(asc(documentParticipants.position), asc(documentParticipants.id));
}

export async function selectFiles(db: DbOrTx, documentId: string) {
  return db
    .select()
    .from(documentFiles)
    .where(eq(documentFiles.documentId, documentId))
    .orderBy(asc(documentFiles.createdAt), asc(documentFiles.id));
}

/**
 * Who may edit the attributes (contract file): a company admin, or an admin of a cabinet holding the document
 * (an admin of the system cabinet holds every document).
 */
export async function canEditAttribute(db: DbOrTx, who: Who, documentId: string): Promise<boolean> {
  if (who.isCompanyAdmin) return true;
  const rows = await db.execute(sql`
    select 1 from cabinet_admins ca join cabinets c on c.id = ca.cabinet_id
    where ca.user_id = ${who.user.id} and c.company_id = ${who.user.companyId} and (
      c.type = 1 or exists (select 1 from document_cabinets dc where dc.cabinet_id = c.id and dc.document_id = ${documentId})
    ) limit 1`);
  return (rows as { rows: unknown[] }).rows.length > 0;
}

export async function updateDocument(db: DbOrTx, companyId: string, id: string, values: Partial<typeof documents.$inferInsert>) {
  await db
    .update(documents)
    .set(values)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, id)));
}

export async function insertImportedDocuments(
  db: DbOrTx,
  rows: (typeof documents.$inferInsert)[],
  files: (typeof documentFiles.$inferInsert)[],
  cabinetId: string | null,
) {
  if (rows.length === 0) return;
  await db.insert(documents).values(rows);
  await db.insert(documentFiles).values(files);
  if (cabinetId) await db.insert(documentCabinets).values(rows.map((r) => ({ cabinetId, documentId: r.id! })));
}
