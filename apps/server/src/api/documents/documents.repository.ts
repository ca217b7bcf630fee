/** Document SQL (STYLE.md: only repositories issue SQL). Every statement is scoped by the caller's company. */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TOTAL_CAP, type TDocumentFindQuery, type TDocumentSearchConditions } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  cabinets,
  documentCabinets,
  documentFiles,
  documentListStats,
  documentParticipants,
  documents,
  SEARCH_TEXT_INDEX_MAX_BYTES,
} from '../../db/schema.ts';
import { documentEditableSql, documentInCabinetsSql, documentReadableSql, readableDocumentSql, type Readable } from '../../auth/access.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { searchConditions, searchOrder, sortColumn, sortKeyText, type IndexGrams, type KeywordMode } from './documents.search.ts';

export type Who = Pick<AuthContext, 'isCompanyAdmin' | 'user'>;
export type DocumentRow = typeof documents.$inferSelect;

/**
 * The cabinet a search is limited to: the system cabinet means every company document. Only ever made by
 * resolveCabinetScope, so the caller may read it.
 */
export type CabinetScope = { id: string; isSystem: boolean } | null;

/** Company, access, cabinet and search conditions: the WHERE of every search (list, count, bulk edit). */
export function documentSearchWhere(
  readable: Readable,
  conditions: TDocumentSearchConditions,
  cabinet: CabinetScope,
  mode: KeywordMode = 'index',
  indexGrams?: IndexGrams,
): SQL {
  const parts: SQL[] = [eq(documents.companyId, readable.companyId)];
  // Every document of a readable cabinet is readable (access.ts), so within a cabinet scope the per-document
  // check would only repeat what resolveCabinetScope established — at one link probe per row walked.
  if (!cabinet) parts.push(readableDocumentSql(readable));
  if (cabinet && !cabinet.isSystem) parts.push(documentInCabinetsSql([cabinet.id]));
  parts.push(...searchConditions(conditions, mode, indexGrams));
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

/** Cabinets of the document in `documents.id` (written out: drizzle leaves a lone table's columns unqualified) the caller may see, as JSON `[{ id, name }]` by name (names of unreadable cabinets are not leaked). */
function visibleCabinetsJson(readable: Readable): SQL<{ id: string; name: string }[]> {
  const visible = readable.isCompanyAdmin ? sql`true` : readable.cabinetIds.length > 0 ? sql`c.id = any(${sql.param(readable.cabinetIds)}::uuid[])` : sql`false`;
  return sql<{ id: string; name: string }[]>`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id), '[]'::json)
    from document_cabinets dcl join cabinets c on c.id = dcl.cabinet_id
    where dcl.document_id = documents.id and c.company_id = ${readable.companyId} and ${visible})`;
}

/** Where a page's total comes from: trigger-kept counters (exact), the page's own window count, or none (the plan's estimate). */
export type PageTotal = { from: 'company' } | { from: 'cabinet'; cabinetId: string } | { from: 'window' } | { from: 'none' };

/**
 * The page in one statement: the ids of the page (walking a sort index, or collecting and sorting the matches
 * when `isCollected`), then only those rows are read, with the cabinets each may show and the total.
 * - A deep page skips index entries, not table rows; a collected page collects ids and sort keys only — an
 *   index that covers the conditions and the sort (migration 0016) answers that without touching the table.
 * - `window`: collecting already reads every match to sort it, so `count(*) over ()` (evaluated before ORDER
 *   BY and LIMIT) counts them at no extra reads, where a separate count would read them all a second time.
 * - `company` / `cabinet`: the trigger-kept counts, read in the same statement.
 * A page past the last match has no row to carry the total (selectPage asks again).
 */
export function documentPageQuery(
  db: DbOrTx,
  readable: Readable,
  where: SQL,
  q: Pick<TDocumentFindQuery, 'sort' | 'order' | 'page' | 'perPage'>,
  opts: { isCollected: boolean; total: PageTotal; withVersion?: boolean; isTextWalk?: boolean },
) {
  const offset = (q.page - 1) * q.perPage;
  const matches = opts.total.from === 'window' ? sql<number>`count(*) over ()`.as('matches') : sql<number>`0`.as('matches');
  const page = opts.isCollected
    ? collectedPage(db, where, q, matches, offset)
    : opts.isTextWalk && q.sort === 'updatedAt'
      ? textWalkPage(db, where, q.order, offset, q.perPage)
      : db.select({ id: documents.id, matches }).from(documents).where(where).orderBy(...searchOrder(q.sort, q.order)).limit(q.perPage).offset(offset).as('page');
  const total =
    opts.total.from === 'window'
      ? sql<number>`${page.matches}`
      : opts.total.from === 'company'
        ? sql<number>`(select s.document_count from document_list_stats s where s.company_id = ${readable.companyId})`
        : opts.total.from === 'cabinet'
          ? sql<number>`(select greatest(s.document_count, 0) from cabinet_document_stats s where s.cabinet_id = ${opts.total.cabinetId})`
          : sql<number>`0`;
  return db
    .select({
      ...listColumns,
      cabinets: visibleCabinetsJson(readable),
      total: total.mapWith(Number),
      sortKey: sortKeyText(q.sort),
      // The company's documents version as this statement sees it (keyset anchors: documents.service.ts).
      version: (opts.withVersion ? documentsVersionSql(readable.companyId) : sql<number>`0`).mapWith(Number),
    })
    .from(documents)
    // Written out: an id of the merged walk is an SQL alias, which drizzle would leave unqualified.
    .innerJoin(page, sql`${documents.id} = "page"."id"`)
    .orderBy(...searchOrder(q.sort, q.order));
}

/**
 * `offset 0` on a subquery: PostgreSQL does not pull such a subquery up into the outer query, so the outer
 * ORDER BY cannot be served by walking a sort index and the matches are collected first (drizzle omits a
 * plain 0, hence the SQL value).
 */
const FENCE = sql`0` as unknown as number;

/**
 * The ids of a collected page: every match (id, sort key and, for a window total, their count) through the
 * indexes that serve the conditions, then sorted and cut to the page. For a narrow search walking the sort
 * index could read most of the million rows before finding 50 (dates correlate with update times).
 */
function collectedPage(
  db: DbOrTx,
  where: SQL,
  q: Pick<TDocumentFindQuery, 'sort' | 'order' | 'page' | 'perPage'>,
  matches: SQL.Aliased<number>,
  offset: number,
) {
  const m = db.select({ id: documents.id, key: sortColumn(q.sort), matches }).from(documents).where(where).offset(FENCE).as('m');
  const dir = q.order === 'asc' ? asc : desc;
  return db.select({ id: m.id, matches: m.matches }).from(m).orderBy(dir(m.key), dir(m.id)).limit(q.perPage).offset(offset).as('page');
}

/**
 * The ids of a page walked in update order and filtered by search text (migration 0021): the documents whose
 * text the covering index holds (at most SEARCH_TEXT_INDEX_MAX_BYTES) are walked index-only, the rare longer ones through
 * their own small index, and the two ordered walks are merged. The size condition is written as the indexes'
 * predicates are (a literal, not a parameter), so the planner can tell each walk may use its index.
 */
function textWalkPage(db: DbOrTx, where: SQL, order: 'asc' | 'desc', offset: number, perPage: number) {
  const walk = (size: SQL) =>
    db
      .select({ id: documents.id, updatedAt: documents.updatedAt })
      .from(documents)
      .where(and(where, size))
      .orderBy(...searchOrder('updatedAt', order))
      .limit(offset + perPage);
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  const short = walk(sql`octet_length(${documents.searchText}) <= ${sql.raw(String(SEARCH_TEXT_INDEX_MAX_BYTES))}`);
  const long = walk(sql`octet_length(${documents.searchText}) > ${sql.raw(String(SEARCH_TEXT_INDEX_MAX_BYTES))}`);
  return db
    .select({ id: sql<string>`w.id`.as('id'), matches: sql<number>`0`.as('matches') })
    .from(sql`((${short}) union all (${long})) as w`)
    .orderBy(sql`w.updated_at ${dir}`, sql`w.id ${dir}`)
    .limit(perPage)
    .offset(offset)
    .as('page');
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

/** The company's documents version (migration 0019), a prepared statement: remembered pages are keyed by it. */
const documentsVersionOf = preparedPerHandle((db: DbOrTx) =>
  db
    .select({ version: documentListStats.version })
    .from(documentListStats)
    .where(eq(documentListStats.companyId, sql.placeholder('companyId')))
    .prepare('documents_version'),
);

export async function documentsVersion(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await documentsVersionOf(db).execute({ companyId });
  return Number(row?.version ?? 0);
}

/**
 * The list rows of `ids` (a remembered page), read now with the cabinets the caller may see, in the order of
 * `ids`; a document deleted since is left out.
 */
export async function selectListRowsByIds(db: DbOrTx, readable: Readable, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...listColumns, cabinets: visibleCabinetsJson(readable) })
    .from(documents)
    .where(and(eq(documents.companyId, readable.companyId), sql`${documents.id} = any(${sql.param(ids)}::uuid[])`, readableDocumentSql(readable)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The company's documents version as a subquery, read in the snapshot of the statement that holds it. */
const documentsVersionSql = (companyId: string) => sql<number>`(select s.version from document_list_stats s where s.company_id = ${companyId})`;

/** Condition: the company's documents version is still `version` (checked in the statement's own snapshot). */
export function documentsVersionIs(companyId: string, version: number): SQL {
  return sql`${documentsVersionSql(companyId)} = ${version}`;
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
export async function companyAndCabinetCounts(db: DbOrTx, companyId: string, cabinetId: string | null): Promise<{ company: number; cabinet: number }> {
  const [row] = await db
    .select({
      company: sql<number>`coalesce((select s.document_count from document_list_stats s where s.company_id = ${companyId}), 0)`.mapWith(Number),
      cabinet: sql<number>`greatest(coalesce((select s.document_count from cabinet_document_stats s where s.cabinet_id = ${cabinetId}), 0), 0)`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { company: row?.company ?? 0, cabinet: row?.cabinet ?? 0 };
}

/**
 * A readable document of the caller's company with its participants, files, visible cabinets, the company's
 * attribute item ids and whether the caller may edit its attributes, in one statement; null when missing, another company's or unreadable (all 404).
 */
export async function selectDocumentDetail(db: DbOrTx, who: Who, readable: Readable, id: string) {
  const [row] = await db
    .select({
      document: documents,
      participants: sql<TParticipantRow[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'position', p.position, 'name', p.name,
          'email', p.email, 'organization', p.organization) order by p.position, p.id), '[]'::json)
        from document_participants p where p.document_id = documents.id)`,
      files: sql<{ id: string; name: string; size: number }[]>`(select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size)
          order by f.created_at, f.id), '[]'::json) from document_files f where f.document_id = documents.id)`,
      cabinets: visibleCabinetsJson(readable),
      // The company's attribute items in their order (document_attribute_options, as selectOptions orders them):
      // stored values of removed items are not shown.
      optionIds: sql<string[]>`(select coalesce(json_agg(o.id order by o.position, o.id), '[]'::json)
        from document_attribute_options o where o.company_id = documents.company_id)`,
      canEditAttribute: documentEditableSql(who).mapWith(Boolean),
    })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.companyId, readable.companyId), readableDocumentSql(readable)))
    .limit(1);
  return row ?? null;
}
type TParticipantRow = { id: string; position: number; name: string; email: string; organization: string };

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

/** Who may edit the attributes (contract file): see documentEditableSql. */
export async function canEditAttribute(db: DbOrTx, who: Who, documentId: string): Promise<boolean> {
  if (who.isCompanyAdmin) return true;
  const [row] = await db.select({ ok: documentEditableSql(who, sql`${documentId}::uuid`) }).from(sql`(select 1) as one`);
  return row?.ok === true;
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
