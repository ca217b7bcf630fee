/**
 * The SQL of a document search (STYLE.md: only repositories issue SQL): a plan (documents.plan.ts) becomes its
 * WHERE once, and the page, its keyset continuation and its capped count are read with it.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TOTAL_CAP, type TDocumentFindQuery } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  documentListStats,
  documents,
  SEARCH_TEXT_INDEX_MAX_BYTES,
  walkTextBytes,
} from '../../db/schema.ts';
import type { Readable } from '../../auth/access.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import {
  documentSearchWhere,
  keysetCondition,
  searchOrder,
  sortColumn,
  sortKeyText,
  visibleCabinetsJson,
} from './documents-search.sql.ts';
import type { KeysetAnchor, SearchFilter } from './search-filter.ts';
import type { DocumentSearchPlan, PageTotal } from './documents.plan.ts';
import { listColumns } from './documents.repository.ts';

type PageQuery = Pick<TDocumentFindQuery, 'sort' | 'order' | 'page' | 'perPage'>;

/** Where a walked page starts: a keyset anchor, valid while the company's documents version is `version`. */
export type PageStart = { anchor: KeysetAnchor; version: number };

/**
 * A planned search: its WHERE is written once, here, and every statement of the request reads it — the page,
 * a page continued from a keyset anchor (`from`), the page again without it, the count past the last page.
 */
export function documentSearch(
  db: DbOrTx,
  readable: Readable,
  plan: Pick<DocumentSearchPlan, 'filter' | 'isCollected' | 'total' | 'isTextWalk' | 'walkDays'>,
) {
  const where = documentSearchWhere(plan.filter);
  return {
    page(q: PageQuery, opts: { from?: PageStart; withVersion?: boolean } = {}) {
      const { from } = opts;
      const w = from
        ? and(
            where,
            keysetCondition(q.sort, q.order, from.anchor),
            documentsVersionIs(readable.companyId, from.version),
          )!
        : where;
      return documentPageQuery(db, readable, w, q, { ...plan, withVersion: opts.withVersion });
    },
    countCapped: () => countDocumentsCapped(db, where),
  };
}

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
function documentPageQuery(
  db: DbOrTx,
  readable: Readable,
  where: SQL,
  q: PageQuery,
  opts: {
    isCollected: boolean;
    total: PageTotal;
    withVersion?: boolean;
    isTextWalk?: boolean;
    walkDays?: string[];
  },
) {
  const offset = (q.page - 1) * q.perPage;
  const matches =
    opts.total.from === 'window'
      ? sql<number>`count(*) over ()`.as('matches')
      : sql<number>`0`.as('matches');
  const page = opts.isCollected
    ? collectedPage(db, where, q, matches, offset)
    : opts.walkDays
      ? dayWalkPage(db, where, opts.walkDays, q.order, offset, q.perPage)
      : opts.isTextWalk && q.sort === 'updatedAt'
        ? textWalkPage(db, where, q.order, offset, q.perPage)
        : db
            .select({ id: documents.id, matches })
            .from(documents)
            .where(where)
            .orderBy(...searchOrder(q.sort, q.order))
            .limit(q.perPage)
            .offset(offset)
            .as('page');
  const total =
    opts.total.from === 'window'
      ? sql<number>`${page.matches}`
      : opts.total.from === 'company'
        ? sql<number>`(select s.document_count from document_list_stats s where s.company_id = ${readable.companyId})`
        : opts.total.from === 'cabinet'
          ? sql<number>`(select greatest(s.document_count, 0) from cabinet_document_stats s where s.cabinet_id = ${opts.total.cabinetId})`
          : sql<number>`0`;
  return (
    db
      .select({
        ...listColumns,
        cabinets: visibleCabinetsJson(readable),
        total: total.mapWith(Number),
        sortKey: sortKeyText(q.sort),
        // The company's documents version as this statement sees it (keyset anchors: documents.service.ts).
        version: (opts.withVersion
          ? documentsVersionSql(readable.companyId)
          : sql<number>`0`
        ).mapWith(Number),
      })
      .from(documents)
      // Written out: an id of the merged walk is an SQL alias, which drizzle would leave unqualified.
      .innerJoin(page, sql`${documents.id} = "page"."id"`)
      .orderBy(...searchOrder(q.sort, q.order))
  );
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
  q: PageQuery,
  matches: SQL.Aliased<number>,
  offset: number,
) {
  const m = db
    .select({ id: documents.id, key: sortColumn(q.sort), matches })
    .from(documents)
    .where(where)
    .offset(FENCE)
    .as('m');
  const dir = q.order === 'asc' ? asc : desc;
  return db
    .select({ id: m.id, matches: m.matches })
    .from(m)
    .orderBy(dir(m.key), dir(m.id))
    .limit(q.perPage)
    .offset(offset)
    .as('page');
}

/**
 * The ids of a page walked in update order and filtered by search text (migrations 0021, 0054): the documents
 * whose search text and 取引先 the covering index holds (at most SEARCH_TEXT_INDEX_MAX_BYTES together) are walked
 * index-only, a partial 取引先's recheck included, the rare longer ones through their own small index, and the
 * two ordered walks are merged. The size condition is written as the indexes'
 * predicates are (a literal, not a parameter), so the planner can tell each walk may use its index.
 */
function textWalkPage(
  db: DbOrTx,
  where: SQL,
  order: 'asc' | 'desc',
  offset: number,
  perPage: number,
) {
  const walk = (size: SQL) =>
    db
      .select({ id: documents.id, updatedAt: documents.updatedAt })
      .from(documents)
      .where(and(where, size))
      .orderBy(...searchOrder('updatedAt', order))
      .limit(offset + perPage);
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  const max = sql.raw(String(SEARCH_TEXT_INDEX_MAX_BYTES));
  const short = walk(sql`${walkTextBytes(documents)} <= ${max}`);
  const long = walk(sql`${walkTextBytes(documents)} > ${max}`);
  return db
    .select({ id: sql<string>`w.id`.as('id'), matches: sql<number>`0`.as('matches') })
    .from(sql`((${short}) union all (${long})) as w`)
    .orderBy(sql`w.updated_at ${dir}`, sql`w.id ${dir}`)
    .limit(perPage)
    .offset(offset)
    .as('page');
}

/**
 * The ids of a page walked in update order one contract day at a time (documents.plan.ts dayWalkDays): each
 * day's matches are read in update order from an index keyed by (contract day, update time), at most the
 * page's end of them, and the days' walks are merged. Read as one range, the matches come in date order and
 * all of them are read to be sorted; the update-order index of every document gives a past range's matches last.
 */
function dayWalkPage(
  db: DbOrTx,
  where: SQL,
  days: string[],
  order: 'asc' | 'desc',
  offset: number,
  perPage: number,
) {
  const day = db
    .select({ id: documents.id, updatedAt: documents.updatedAt })
    .from(documents)
    .where(and(where, sql`${documents.contractAt} = day.d`))
    .orderBy(...searchOrder('updatedAt', order))
    .limit(offset + perPage);
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  return db
    .select({ id: sql<string>`w.id`.as('id'), matches: sql<number>`0`.as('matches') })
    .from(sql`unnest(${sql.param(days)}::date[]) as day(d) cross join lateral (${day}) as w`)
    .orderBy(sql`w.updated_at ${dir}`, sql`w.id ${dir}`)
    .limit(perPage)
    .offset(offset)
    .as('page');
}

/**
 * Matches counted up to DOCUMENT_TOTAL_CAP + 1: a broad keyword over a million documents must not count them
 * all (the contract's `isTotalExact`).
 */
async function countDocumentsCapped(db: DbOrTx, where: SQL): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(documents)
    .where(where)
    .limit(DOCUMENT_TOTAL_CAP + 1);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as('m'));
  return row?.n ?? 0;
}

/**
 * The planner's estimate of the matches (EXPLAIN, no execution): statistics of the grams expression index and
 * of the columns make it good enough to choose a plan shape and to say 「約N件」 for broad searches.
 */
export async function estimateMatches(db: DbOrTx, filter: SearchFilter): Promise<number> {
  const result = await db.execute(
    sql`explain (format json) select 1 from ${documents} where ${documentSearchWhere(filter)}`,
  );
  const row = (result as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: { 'Plan Rows': number };
  }[];
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

/** The company's documents version as a subquery, read in the snapshot of the statement that holds it. */
const documentsVersionSql = (companyId: string) =>
  sql<number>`(select s.version from document_list_stats s where s.company_id = ${companyId})`;

/** Condition: the company's documents version is still `version` (checked in the statement's own snapshot). */
function documentsVersionIs(companyId: string, version: number): SQL {
  return sql`${documentsVersionSql(companyId)} = ${version}`;
}
