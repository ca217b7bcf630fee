/**
 * The WHERE and ORDER BY of a document search, as SQL fragments over `documents`. Exported for the areas that
 * act on every document a search matches (the attribute bulk edit, まとめてダウンロード, the 税務調査 pack).
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  TDocumentBlankKey,
  TDocumentSearchConditions,
  TDocumentSortKey,
} from '@cloudsign/contract';
import { documentInCabinetsSql, type Readable } from '../../auth/access.ts';
import { documents } from '../../db/schema.ts';
import { contractDays, counterpartyTerm, searchWords, termGrams } from './search-terms.ts';
import {
  KEYSET_SORTS,
  type KeysetAnchor,
  type KeywordMode,
  type OtherConditions,
  type SearchAccess,
  type SearchFilter,
  type SearchWord,
} from './search-filter.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${likeEscape(s)}%`;

function termCondition({ term, keys }: SearchWord, mode: KeywordMode): SQL {
  const like = sql`${documents.searchText} like ${contains(term)}`;
  // The stored grams (migration 0036), never document_search_grams() itself: whatever plan PostgreSQL picks,
  // a row tested outside the index compares a stored array instead of computing one.
  const grams = sql`${documents}.search_grams @> ${sql.param(keys)}::text[]`;
  const isExact = keys.length === 1 && keys[0] === term;
  const match = mode === 'scan' ? like : isExact ? grams : sql`(${grams} and ${like})`;
  return UUID.test(term) ? sql`(${documents.id} = ${term}::uuid or ${match})` : match;
}

const DATE_COLUMNS = {
  contractAt: documents.contractAt,
  validityStartAt: documents.validityStartAt,
  validityEndAt: documents.validityEndAt,
  validityEndNoticeAt: documents.validityEndNoticeAt,
} as const;

/**
 * Conditions other than access and cabinet (those need the caller, see documents-search.repository.ts), for
 * a search by conditions alone (the attribute bulk edit's download).
 */
export function searchConditions(c: TDocumentSearchConditions): SQL[] {
  const words = searchWords(c).map((term) => ({ term, keys: termGrams(term) }));
  return filterConditions(words, 'index', c, contractDays(c));
}

/**
 * The keyword words, then the other conditions, in this order. A contract-date range listed as `days`
 * (search-terms.ts contractDays) is asked day by day. `sentAt` is a timestamp; its day bounds are Japan days
 * (the console's and the users' calendar).
 */
export function filterConditions(
  words: SearchWord[],
  mode: KeywordMode,
  c: OtherConditions,
  days: string[] | null,
): SQL[] {
  const out: SQL[] = words.map((w) => termCondition(w, mode));
  if (c.status && c.status.length > 0)
    out.push(sql`${documents.status} = any(${sql.param(c.status)}::smallint[])`);
  if (c.sender) {
    const s = contains(c.sender.trim().toLowerCase());
    out.push(
      sql`(lower(${documents.senderName}) like ${s} or lower(${documents.senderEmail}) like ${s})`,
    );
  }
  for (const [key, column] of Object.entries(DATE_COLUMNS)) {
    const from = c[`${key as keyof typeof DATE_COLUMNS}From`];
    const to = c[`${key as keyof typeof DATE_COLUMNS}To`];
    if (key === 'contractAt' && days) out.push(sql`${column} = any(${sql.param(days)}::date[])`);
    else {
      if (from) out.push(sql`${column} >= ${from}::date`);
      if (to) out.push(sql`${column} <= ${to}::date`);
    }
  }
  if (c.sentAtFrom)
    out.push(sql`${documents.sentAt} >= ${`${c.sentAtFrom}T00:00:00+09:00`}::timestamptz`);
  if (c.sentAtTo)
    out.push(
      sql`${documents.sentAt} < (${`${c.sentAtTo}T00:00:00+09:00`}::timestamptz + interval '1 day')`,
    );
  if (c.amountFrom !== undefined) out.push(sql`${documents.amount} >= ${c.amountFrom}`);
  if (c.amountTo !== undefined) out.push(sql`${documents.amount} <= ${c.amountTo}`);
  if (c.autoUpdate !== undefined) out.push(sql`${documents.autoUpdate} = ${c.autoUpdate}`);
  if (c.localId)
    out.push(sql`lower(${documents.localId}) like ${contains(c.localId.trim().toLowerCase())}`);
  const party = counterpartyTerm(c);
  // search_fold() is the SQL twin of normalizeSearchText (migration 0041): 髙橋 and 高橋 are one 取引先. Exact
  // is answered by the (company, search_fold(counterparty)) index; partial is found through its words' grams
  // (searchWords) and rechecked here on those rows only.
  if (party !== null)
    out.push(
      c.counterpartyMatch === 'exact'
        ? sql`search_fold(${documents.counterparty}) = ${party}`
        : sql`search_fold(${documents.counterparty}) like ${contains(party)}`,
    );
  for (const key of c.blank ?? []) out.push(BLANK_CONDITIONS[key]);
  for (const [optionId, value] of Object.entries(c.options)) {
    out.push(
      sql`lower(${documents.options} ->> ${optionId}) like ${contains(value.trim().toLowerCase())}`,
    );
  }
  return out;
}

/**
 * 未入力 per 書類情報 item. Dates and the amount are NULL when blank and answered by their (company, column, id)
 * index; a text item may also hold '' (older writes), written as the predicate of its partial index
 * (migration 0041) so the planner can use that index.
 */
const BLANK_CONDITIONS: Record<TDocumentBlankKey, SQL> = {
  title: sql`coalesce(${documents.attrTitle}, '') = ''`,
  counterparty: sql`coalesce(${documents.counterparty}, '') = ''`,
  localId: sql`coalesce(${documents.localId}, '') = ''`,
  contractAt: sql`${documents.contractAt} is null`,
  validityStartAt: sql`${documents.validityStartAt} is null`,
  validityEndAt: sql`${documents.validityEndAt} is null`,
  validityEndNoticeAt: sql`${documents.validityEndNoticeAt} is null`,
  amount: sql`${documents.amount} is null`,
};

const SORT_COLUMNS = {
  updatedAt: documents.updatedAt,
  createdAt: documents.createdAt,
  sentAt: documents.sentAt,
  concludedAt: documents.concludedAt,
  ...DATE_COLUMNS,
  amount: documents.amount,
  title: documents.title,
} as const;

/** The column a sort key orders by. */
export const sortColumn = (sort: TDocumentSortKey) => SORT_COLUMNS[sort];

/**
 * Sort column, then id in the same direction: a stable order that one (company, column, id) index serves
 * forwards or backwards. NULLs sort as PostgreSQL's default (last ascending, first descending), as the index does.
 */
export function searchOrder(sort: TDocumentSortKey, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  return [dir(SORT_COLUMNS[sort]), dir(documents.id)];
}

/** The sort key of a KEYSET_SORTS sort as text (a timestamp keeps its microseconds, which a Date would lose). */
export function sortKeyText(sort: TDocumentSortKey): SQL<string | null> {
  return KEYSET_SORTS.has(sort) ? sql<string>`${SORT_COLUMNS[sort]}::text` : sql<null>`null`;
}

/** Rows from `anchor` on (inclusive) or after it, in the order of searchOrder(sort, order). */
export function keysetCondition(
  sort: TDocumentSortKey,
  order: 'asc' | 'desc',
  anchor: KeysetAnchor,
): SQL {
  const op =
    order === 'desc' ? (anchor.inclusive ? sql`<=` : sql`<`) : anchor.inclusive ? sql`>=` : sql`>`;
  return sql`(${SORT_COLUMNS[sort]}, ${documents.id}) ${op} (${anchor.key}::timestamptz, ${anchor.id}::uuid)`;
}

/** What the reader's access admits, as SQL: `true` and nothing differ in text only (statements stay as they were). */
function accessSql(access: SearchAccess): SQL[] {
  if (access.kind === 'all') return [sql`true`];
  if (access.kind === 'system') return [];
  return [documentInCabinetsSql(access.cabinetIds)];
}

/** Company, access and search conditions: the WHERE of a search (page, count, estimate). */
export function documentSearchWhere(filter: SearchFilter): SQL {
  return and(
    eq(documents.companyId, filter.companyId),
    ...accessSql(filter.access),
    ...filterConditions(filter.words, filter.keywordMode, filter.conditions, filter.contractDays),
  )!;
}

/** Cabinets of the document in `documents.id` (written out: drizzle leaves a lone table's columns unqualified) the caller may see, as JSON `[{ id, name }]` by name (names of unreadable cabinets are not leaked). */
export function visibleCabinetsJson(readable: Readable): SQL<{ id: string; name: string }[]> {
  const visible = readable.isCompanyAdmin
    ? sql`true`
    : readable.cabinetIds.length > 0
      ? sql`c.id = any(${sql.param(readable.cabinetIds)}::uuid[])`
      : sql`false`;
  return sql<
    { id: string; name: string }[]
  >`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id), '[]'::json)
    from document_cabinets dcl join cabinets c on c.id = dcl.cabinet_id
    where dcl.document_id = documents.id and c.company_id = ${readable.companyId} and ${visible})`;
}
