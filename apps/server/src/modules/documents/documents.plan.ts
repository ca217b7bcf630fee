/**
 * The plan of a document search, decided without SQL: from the query, what the reader may read and a few
 * numbers (the database's match estimates and the trigger-kept counts, asked through SearchStats), which
 * conditions the WHERE holds, how keyword words are matched, whether the matches are collected or the sort
 * index is walked, and where the total comes from. documents-search.repository.ts writes the plan's SQL once.
 * Why each choice: docs/decisions.md (documents search).
 */
import type { TDocumentFindQuery, TDocumentSearchConditions } from '@cloudsign/contract';
import type { Readable } from '../../auth/access.ts';
import {
  daysBetween,
  hasConditionsBesidesKeyword,
  searchWords,
  termGrams,
  withoutWords,
} from './search-terms.ts';
import {
  anchorKeyOf,
  searchFilter,
  type CabinetScope,
  type SearchFilter,
} from './search-filter.ts';

export type { CabinetScope, SearchFilter } from './search-filter.ts';

/** Where a page's total comes from: trigger-kept counters (exact), the page's own window count, or none (the plan's estimate). */
export type PageTotal =
  | { from: 'company' }
  | { from: 'cabinet'; cabinetId: string }
  | { from: 'window' }
  | { from: 'none' };

/**
 * `isCollected`: every match is read, sorted and counted by the page statement; otherwise the sort index is
 * walked. `isTextWalk`: a walk that tests search text, which the update-order walk answers index-only.
 * `anchorKey`: a walk over every company document whose deep pages may start from a keyset anchor.
 * `isUnfiltered`: no condition narrows the search (what the reader may read still does).
 * `estimate`: the matches the choice rested on (shown as 「約N件」 when the total is `none`).
 * `walkDays`: a walk that reads each of these contract days in update order and merges them (isDayWalk).
 */
export type DocumentSearchPlan = {
  filter: SearchFilter;
  isCollected: boolean;
  isTextWalk: boolean;
  walkDays?: string[];
  total: PageTotal;
  estimate: number;
  isUnfiltered: boolean;
  anchorKey?: string;
};

/** The numbers a plan rests on: answered by the database in the service, by a table in unit tests. */
export type SearchStats = {
  /** The planner's estimate of the documents `filter` admits (EXPLAIN, no execution). */
  matches(filter: SearchFilter): Promise<number>;
  /** The company's and a cabinet's exact document counts (cabinet 0 when null). */
  counts(
    companyId: string,
    cabinetId: string | null,
  ): Promise<{ company: number; cabinet: number }>;
};

/** Below this many estimated matches the matches are collected (grams index, bitmaps) and sorted; above, the sort index is walked. */
export const COLLECT_BELOW = 20_000;

/**
 * Below this many estimated matches a search whose matches may not be spread through the walked order
 * (walkMayPassMost) is collected too. The walk's cost (page end × company ÷ matches) assumes they are: a
 * contract-date range correlates with update times, so 契約 with a half-year range walked about 241,000
 * update-order entries of 300,000 documents before filling a page (760 ms alone, p95 9.6 s under 20 clients),
 * where collecting its matches took 328 ms. Above this the collecting itself costs more than a page may
 * (about 2.5 s to count 727,000 matches), and the walk is kept.
 */
export const COLLECT_UNSPREAD_BELOW = 200_000;

/** Every document of the company, for estimates only (what collecting a search would read before access applies). */
const COMPANY_WIDE = (companyId: string): Readable => ({
  companyId,
  isCompanyAdmin: true,
  readsAll: true,
  cabinetIds: [],
  systemCabinetId: null,
});

/**
 * Total and plan shape (contract file, `isTotalExact`). Unfiltered, over every company document or one
 * cabinet: exact from the trigger-kept counts. Otherwise the estimate decides. A keyword's estimate is
 * bounded by its rarest gram (the database multiplies the grams of a long word as if independent, which
 * underestimates badly). A narrow search (or a page too deep to reach by walking) collects its matches, sorts
 * them and counts them exactly in the same statement; a broad one answers the estimate and walks the sort
 * index, matching keywords with LIKE (computing grams per walked row would cost far more): counting every
 * match of a frequent word would cost many times the page. A walk's cost assumes the matches spread through
 * the walked order; where they may not (walkMayPassMost: dates, a sender, a sort other than update time) the
 * matches are collected when they are fewer than the other documents a walk might pass first, up to
 * COLLECT_UNSPREAD_BELOW.
 * A member who reads one user cabinet only (not the system one) reads exactly its documents: their search is
 * that cabinet's, with its exact count. `null`: the member reads no cabinet, nothing matches.
 */
export async function planDocumentSearch(
  readable: Readable,
  q: TDocumentFindQuery,
  cabinet: CabinetScope,
  stats: SearchStats,
): Promise<DocumentSearchPlan | null> {
  let scope = cabinet;
  if (!scope && !readable.readsAll) {
    if (readable.cabinetIds.length === 0) return null;
    if (readable.cabinetIds.length === 1) scope = { id: readable.cabinetIds[0]!, isSystem: false };
  }
  const terms = searchWords(q);
  const hasOthers = hasConditionsBesidesKeyword(q);
  const keysOf =
    terms.length > 0 && hasOthers ? await rarestKeys(readable.companyId, terms, stats) : termGrams;
  const filter = searchFilter(readable, q, scope, 'index', keysOf);
  const isUnfiltered = terms.length === 0 && !hasOthers;
  const walk = { filter, isCollected: false, isTextWalk: false, isUnfiltered };
  if (isUnfiltered && (scope || readable.readsAll)) {
    if (!scope || scope.isSystem)
      return {
        ...walk,
        total: { from: 'company' },
        estimate: 0,
        anchorKey: anchorKeyOf(readable, scope, q),
      };
    const counts = await stats.counts(readable.companyId, scope.id);
    // A small cabinet's documents are collected through its links: walking the company's sort index to find
    // them would read about (page end) × (company ÷ cabinet) rows.
    const isCollected =
      (q.page * q.perPage * counts.company) / Math.max(counts.cabinet, 1) > counts.cabinet;
    return { ...walk, isCollected, total: { from: 'cabinet', cabinetId: scope.id }, estimate: 0 };
  }
  const estimateOf = (r: Readable, sc: CabinetScope) =>
    estimateMatches(r, sc, q, terms, hasOthers, keysOf, stats);
  const estimate = await estimateOf(readable, scope);
  const collected = { ...walk, isCollected: true, total: { from: 'window' } as const, estimate };
  // Collecting reads every match of the conditions in the company (the grams and range indexes know nothing of
  // cabinets), and only then drops those outside the caller's cabinets: a word found in 30,000 documents costs
  // 30,000 table reads even when 8,000 of them are in the cabinet. So a scoped search is costed on its
  // company-wide matches.
  const isScoped = (scope !== null && !scope.isSystem) || !readable.readsAll;
  const collectCost = isScoped
    ? Math.max(estimate, await estimateOf(COMPANY_WIDE(readable.companyId), null))
    : estimate;
  // Narrow: the matches are collected and counted by the page statement itself.
  if (collectCost < COLLECT_BELOW) return collected;
  // A deep page of a sparse search would walk (rows before it) ÷ (share of matches) rows; past the point
  // where that exceeds the rows collecting reads, collecting them is cheaper.
  const { company } = await stats.counts(readable.companyId, null);
  if ((q.page * q.perPage * company) / Math.max(estimate, 1) > collectCost) return collected;
  // 未入力 of the amount with a contract-date range: the matches lie together in update order (a past range's
  // documents were last updated long ago), but each day's blanks are in update order in their own index
  // (migration 0054): reading every day's first entries and merging them passes nothing. Over every company
  // document only: within cabinets each entry would need a link probe.
  const walkDays = isScoped ? null : dayWalkDays(q);
  if (walkDays && walkDays.length * q.page * q.perPage < collectCost)
    return {
      ...walk,
      total: { from: 'none' },
      estimate,
      anchorKey: anchorKeyOf(readable, scope, q),
      walkDays,
    };
  // Where the matches may lie together, a walk may pass every other document before the first match: when
  // those outnumber the matches, collecting reads fewer rows (a frequent word such as 契約, in 72 % of the
  // documents, is still walked by title: at worst the other 28 % are passed).
  if (walkMayPassMost(q) && collectCost < Math.min(COLLECT_UNSPREAD_BELOW, company - estimate))
    return collected;
  const isTextWalk = terms.length > 0;
  return {
    ...walk,
    filter: isTextWalk ? searchFilter(readable, q, scope, 'scan') : filter,
    total: { from: 'none' },
    estimate,
    anchorKey: anchorKeyOf(readable, scope, q),
    isTextWalk,
  };
}

/** Date conditions of a search: dates follow the document's life, as its update time does. */
const DATE_CONDITIONS = [
  'contractAtFrom',
  'contractAtTo',
  'validityStartAtFrom',
  'validityStartAtTo',
  'validityEndAtFrom',
  'validityEndAtTo',
  'validityEndNoticeAtFrom',
  'validityEndNoticeAtTo',
  'sentAtFrom',
  'sentAtTo',
] as const satisfies readonly (keyof TDocumentSearchConditions)[];

/**
 * Whether a walk of the sort index may pass most of the company's documents before filling a page, whatever
 * the estimate: the matches may lie together at the far end of the walked order instead of spread through
 * it. A date condition correlates with update order (a past contract-date range's documents were last
 * updated long ago); a sender is a substring of a name, whose share the database can only guess; and a sort
 * other than update time walks an index without the search text, reading the table for every entry, in an
 * order that follows the words themselves (業務委託 sorted by title: every title before 業).
 */
function walkMayPassMost(q: TDocumentFindQuery): boolean {
  if (isBlankWalkIndexed(q)) return false;
  return (
    q.sort !== 'updatedAt' ||
    Boolean(q.sender?.trim()) ||
    // Documents left blank are often one batch (an old import without amounts): they may lie together in
    // update order. (One 取引先's documents, exact, may too, but their index is in update order: migration 0051.)
    (q.blank?.length ?? 0) > 0 ||
    DATE_CONDITIONS.some((c) => q[c] !== undefined)
  );
}

/** 未入力 of these items has partial indexes of the blanks in update order and in title order (0051, 0053). */
const INDEXED_BLANKS: readonly string[] = ['counterparty', 'title', 'localId'];

/**
 * 未入力 of one such item and nothing else, sorted by update time or title: the walk reads the blanks' own index
 * in that order, so it passes nothing, however the blanks lie.
 */
function isBlankWalkIndexed(q: TDocumentFindQuery): boolean {
  const [item, ...more] = q.blank ?? [];
  return (
    item !== undefined &&
    more.length === 0 &&
    INDEXED_BLANKS.includes(item) &&
    (q.sort === 'updatedAt' || q.sort === 'title') &&
    searchWords(q).length === 0 &&
    !hasConditionsBesidesKeyword({ ...q, blank: [] })
  );
}

/**
 * The days of a search that a day walk answers, or null: 未入力 of the amount alone with a contract-date range of
 * at most a year (search-terms.ts daysBetween) and nothing else, sorted by update time. Its index holds the
 * blank amounts by contract day, then update time (migration 0054).
 */
function dayWalkDays(q: TDocumentFindQuery): string[] | null {
  if (q.sort !== 'updatedAt' || q.blank?.length !== 1 || q.blank[0] !== 'amount') return null;
  if (searchWords(q).length > 0) return null;
  const { contractAtFrom, contractAtTo, blank: _b, ...rest } = q;
  if (hasConditionsBesidesKeyword(rest)) return null;
  return daysBetween(contractAtFrom, contractAtTo);
}

/** The estimate depends on the WHERE only: what the caller reads, cabinet and conditions, not page or sort. */
async function estimateMatches(
  r: Readable,
  sc: CabinetScope,
  q: TDocumentSearchConditions,
  terms: string[],
  hasOthers: boolean,
  keysOf: (term: string) => string[],
  stats: SearchStats,
): Promise<number> {
  const whole = await stats.matches(searchFilter(r, q, sc, 'index', keysOf));
  if (terms.length === 0) return whole;
  if (hasOthers) {
    // The database takes LIKE (which keeps a word asked by one gram exact) to be far more selective than it
    // is: 業務委託 with 締結済 was estimated at 6,000 of its 68,000 matches, and collecting those reads
    // 90,000 table rows. So the words' share (each bounded by its rarest gram) and the other conditions'
    // share are combined as independent.
    const others = await stats.matches(searchFilter(r, withoutWords(q), sc));
    const words = await Promise.all(
      terms.map(async (t) => (await rarestGram(r.companyId, t, stats)).count),
    );
    const { company } = await stats.counts(r.companyId, null);
    return Math.max(whole, Math.round((Math.min(...words) * others) / Math.max(company, 1)));
  }
  // One word of one or two characters is a single gram: its estimate is the one just taken.
  const isSingleGram =
    terms.length === 1 && termGrams(terms[0]!).length === 1 && termGrams(terms[0]!)[0] === terms[0];
  if (isSingleGram) return whole;
  const perGram = await Promise.all(
    terms.flatMap(termGrams).map((g) => stats.matches(gramFilter(r, sc, g))),
  );
  return Math.max(whole, Math.min(...perGram));
}

/** The documents `r` reads (within `sc`) holding `gram`. */
const gramFilter = (r: Readable, sc: CabinetScope, gram: string) =>
  searchFilter(r, { options: {}, keyword: gram }, sc);

/** A word's rarest gram and the estimate of the company's documents holding it: a bound on the word's matches. */
async function rarestGram(
  companyId: string,
  term: string,
  stats: SearchStats,
): Promise<{ gram: string; count: number }> {
  const grams = termGrams(term);
  const counts = await Promise.all(
    grams.map((g) => stats.matches(gramFilter(COMPANY_WIDE(companyId), null, g))),
  );
  const i = counts.indexOf(Math.min(...counts));
  return { gram: grams[i]!, count: counts[i]! };
}

/**
 * The index keys of keyword words asked together with other conditions: a longer word by its rarest gram.
 * PostgreSQL estimates a word's grams as if they were independent (the product of their frequencies:
 * 北斗製作所, in 3 % of a million documents, is estimated at one document), so with all of them it plans for
 * a handful of matches: it reads every match of the word from the table and filters there (29,000 table
 * pages for 北斗製作所 with an amount range) instead of intersecting the word's index answer with the other
 * condition's index (BitmapAnd: 1,800 pages), and the collect-or-walk choice is made on that estimate too.
 * One gram is estimated from its own statistics, and LIKE keeps the answer exact. A word searched alone
 * keeps all its grams: nothing to intersect with, and its count is bounded in code (estimateMatches).
 */
async function rarestKeys(
  companyId: string,
  terms: string[],
  stats: SearchStats,
): Promise<(term: string) => string[]> {
  const longer = terms.filter((t) => termGrams(t).length > 1);
  const chosen = new Map(
    await Promise.all(
      longer.map(async (t): Promise<[string, string[]]> => [
        t,
        [(await rarestGram(companyId, t, stats)).gram],
      ]),
    ),
  );
  return (term) => chosen.get(term) ?? termGrams(term);
}
