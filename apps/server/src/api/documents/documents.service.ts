/** Rules of the documents area (issue 6; decisions in packages/contract/src/documents.ts). */
import {
  EntityType,
  DOCUMENT_TOTAL_CAP,
  type TDocumentDetail,
  type TDocumentFindQuery,
  type TDocumentFindResponse,
} from '@cloudsign/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { and, type SQL } from 'drizzle-orm';
import { readableCabinets, type Readable } from '../../auth/access.ts';
import * as repo from './documents.repository.ts';
import { assertOptionFiltersInCompany } from '../document-attribute-options/option-filters.ts';
import { hasNoConditions, KEYSET_SORTS, keysetCondition, keywordTerms, termGrams, type IndexGrams } from './documents.search.ts';
import { getAnchor, lastVersion, sawVersion, setAnchor } from './anchor-cache.ts';
import { cachedEstimate } from './estimate-cache.ts';
import { cachedOnce, ListCache } from '../../lib/list-cache.ts';

type Who = repo.Who;

/**
 * A cabinet filter must name a cabinet the caller may read; anything else is a missing cabinet (404). A
 * member's readable cabinets are already resolved (readableCabinets): no second query.
 */
export async function resolveCabinetScope(db: DbOrTx, readable: Readable, cabinetId: string | undefined): Promise<repo.CabinetScope> {
  if (!cabinetId) return null;
  const id = cabinetId.toLowerCase();
  let cabinet: repo.CabinetScope = null;
  if (readable.isCompanyAdmin) {
    const row = await repo.findCabinetInCompany(db, readable.companyId, id);
    if (row) cabinet = { id: row.id, isSystem: row.type === EntityType.System };
  } else if (readable.cabinetIds.includes(id)) {
    cabinet = { id, isSystem: id === readable.systemCabinetId };
  }
  if (!cabinet) {
    throw new AppError('not_found', '指定されたキャビネットが見つかりません。', [{ path: 'cabinetId', message: '指定されたキャビネットが見つかりません。' }]);
  }
  return cabinet;
}

/** Below this many estimated matches the matches are collected (grams index, bitmaps) and sorted; above, the sort index is walked. */
const COLLECT_BELOW = 20_000;

/**
 * The company's and a cabinet's document counts as plan inputs only (walk or collect): shared for a short
 * time like the estimates. Totals shown are never these: they are read by the page statement itself.
 */
function planCounts(db: DbOrTx, companyId: string, cabinetId: string | null) {
  return cachedEstimate(`counts:${companyId}:${cabinetId ?? ''}`, () => repo.companyAndCabinetCounts(db, companyId, cabinetId));
}

/** Every document of the company, for estimates only (what collecting a search would read before access applies). */
const COMPANY_WIDE = (companyId: string): Readable => ({ companyId, isCompanyAdmin: true, readsAll: true, cabinetIds: [], systemCabinetId: null });

/**
 * `anchorKey`: a walked search over every company document whose deep pages may start from a keyset anchor.
 * `isTextWalk`: a walk that tests search text (keyword words), which the update-order walk answers index-only.
 */
export type DocumentSearchPlan = { where: SQL; isCollected: boolean; total: repo.PageTotal; estimate: number; anchorKey?: string; isTextWalk?: boolean };

/**
 * The anchor key of a walked search, or undefined: only over every company document (cabinet links, which
 * the documents version does not follow, play no part) and sorted by a key that is never NULL.
 */
function anchorKeyOf(readable: Readable, scope: repo.CabinetScope, q: TDocumentFindQuery): string | undefined {
  if (!readable.readsAll || (scope && !scope.isSystem) || !KEYSET_SORTS.has(q.sort)) return undefined;
  const { page: _p, ...rest } = q;
  return JSON.stringify([readable.companyId, rest]);
}

/**
 * Total and plan shape (contract file, `isTotalExact`). Unfiltered, over every company document or one
 * cabinet: exact from the trigger-kept counts. Otherwise the planner's estimate decides. A keyword's estimate
 * is bounded by its rarest gram (the planner multiplies the grams of a long word as if independent, which
 * underestimates badly). A narrow search (or a page too deep to reach by walking) collects its matches, sorts
 * them and counts them exactly in the same statement; a broad one answers the estimate and walks the sort
 * index, matching keywords with LIKE (computing grams per walked row would cost far more): counting every
 * match of a frequent word would cost many times the page (docs/decisions.md).
 * A member who reads one user cabinet only (not the system one) reads exactly its documents: their search is
 * that cabinet's, with its exact count. `null`: the member reads no cabinet, nothing matches.
 */
export async function planDocumentSearch(db: DbOrTx, readable: Readable, q: TDocumentFindQuery, cabinet: repo.CabinetScope): Promise<DocumentSearchPlan | null> {
  let scope = cabinet;
  if (!scope && !readable.readsAll) {
    if (readable.cabinetIds.length === 0) return null;
    if (readable.cabinetIds.length === 1) scope = { id: readable.cabinetIds[0]!, isSystem: false };
  }
  const terms = keywordTerms(q.keyword);
  const hasOtherConditions = !hasNoConditions({ ...q, keyword: undefined });
  const indexGrams = terms.length > 0 && hasOtherConditions ? await rarestGrams(db, readable.companyId, terms) : undefined;
  const where = repo.documentSearchWhere(readable, q, scope, 'index', indexGrams);
  // Unfiltered (hasNoConditions of the whole query, known from its two parts without building its SQL again).
  if (terms.length === 0 && !hasOtherConditions && (scope || readable.readsAll)) {
    if (!scope || scope.isSystem) return { where, isCollected: false, total: { from: 'company' }, estimate: 0, anchorKey: anchorKeyOf(readable, scope, q) };
    const counts = await planCounts(db, readable.companyId, scope.id);
    // A small cabinet's documents are collected through its links: walking the company's sort index to find
    // them would read about (page end) × (company ÷ cabinet) rows.
    const isCollected = (q.page * q.perPage * counts.company) / Math.max(counts.cabinet, 1) > counts.cabinet;
    return { where, isCollected, total: { from: 'cabinet', cabinetId: scope.id }, estimate: 0 };
  }
  // The estimate depends on the WHERE only: what the caller reads, cabinet and conditions, not page or sort.
  const { page: _p, perPage: _pp, sort: _s, order: _o, ...conditions } = q;
  const estimateOf = (r: Readable, sc: repo.CabinetScope) =>
    cachedEstimate(JSON.stringify([r.companyId, r.readsAll ? 'all' : r.cabinetIds, sc?.id ?? null, conditions]), async () => {
      const whole = await repo.estimateMatches(db, repo.documentSearchWhere(r, q, sc, 'index', indexGrams));
      if (terms.length === 0) return whole;
      if (hasOtherConditions) {
        // The planner takes LIKE (which keeps a word asked by one gram exact) to be far more selective than it
        // is: 業務委託 with 締結済 was estimated at 6,000 of its 68,000 matches, and collecting those reads
        // 90,000 table rows. So the words' share (each bounded by its rarest gram) and the other conditions'
        // share are combined as independent.
        const others = await repo.estimateMatches(db, repo.documentSearchWhere(r, { ...q, keyword: undefined }, sc, 'index'));
        const words = await Promise.all(terms.map(async (t) => (await rarestGram(db, r.companyId, t)).count));
        const { company } = await planCounts(db, r.companyId, null);
        return Math.max(whole, Math.round((Math.min(...words) * others) / Math.max(company, 1)));
      }
      // One word of one or two characters is a single gram: its estimate is the one just taken.
      const isSingleGram = terms.length === 1 && termGrams(terms[0]!).length === 1 && termGrams(terms[0]!)[0] === terms[0];
      if (isSingleGram) return whole;
      const grams = terms.flatMap(termGrams);
      const perGram = await Promise.all(grams.map((g) => gramEstimate(db, r, sc, g)));
      return Math.max(whole, Math.min(...perGram));
    });
  const estimate = await estimateOf(readable, scope);
  // Collecting reads every match of the conditions in the company (the grams and range indexes know nothing of
  // cabinets), and only then drops those outside the caller's cabinets: a word found in 30,000 documents costs
  // 30,000 table reads even when 8,000 of them are in the cabinet. So a scoped search is costed on its
  // company-wide matches, read from the estimates that company admins' searches share.
  const isScoped = (scope !== null && !scope.isSystem) || !readable.readsAll;
  const collectCost = isScoped ? Math.max(estimate, await estimateOf(COMPANY_WIDE(readable.companyId), null)) : estimate;
  if (collectCost >= COLLECT_BELOW) {
    // A deep page of a sparse search would walk (rows before it) ÷ (share of matches) rows; past the point
    // where that exceeds the rows collecting reads, collecting them is cheaper.
    const { company } = await planCounts(db, readable.companyId, null);
    const walked = (q.page * q.perPage * company) / Math.max(estimate, 1);
    if (walked > collectCost) return { where, isCollected: true, total: { from: 'window' }, estimate };
    const scanWhere = terms.length > 0 ? repo.documentSearchWhere(readable, q, scope, 'scan') : where;
    return { where: scanWhere, isCollected: false, total: { from: 'none' }, estimate, anchorKey: anchorKeyOf(readable, scope, q), isTextWalk: terms.length > 0 };
  }
  // Narrow: the matches are collected and counted by the page statement itself.
  return { where, isCollected: true, total: { from: 'window' }, estimate };
}

/** The planner's estimate of the documents `r` reads (within `sc`) holding `gram`, shared for a short time like the other estimates. */
function gramEstimate(db: DbOrTx, r: Readable, sc: repo.CabinetScope, gram: string): Promise<number> {
  return cachedEstimate(JSON.stringify([r.companyId, r.readsAll ? 'all' : r.cabinetIds, sc?.id ?? null, 'gram', gram]), () =>
    repo.estimateMatches(db, repo.documentSearchWhere(r, { options: {}, keyword: gram }, sc, 'index')),
  );
}

/** A word's rarest gram and the estimate of the company's documents holding it: a bound on the word's matches. */
async function rarestGram(db: DbOrTx, companyId: string, term: string): Promise<{ gram: string; count: number }> {
  const grams = termGrams(term);
  const counts = await Promise.all(grams.map((g) => gramEstimate(db, COMPANY_WIDE(companyId), null, g)));
  const i = counts.indexOf(Math.min(...counts));
  return { gram: grams[i]!, count: counts[i]! };
}

/**
 * The index keys of keyword words asked together with other conditions: a longer word by its rarest gram.
 * PostgreSQL estimates a word's grams as if they were independent (the product of their frequencies:
 * 北斗製作所, in 3 % of a million documents, is estimated at one document), so with all of them it plans for
 * a handful of matches: it reads every match of the word from the table and filters there (29,000 table
 * pages for 北斗製作所 with an amount range) instead of intersecting the word's index answer with the other
 * condition's index (BitmapAnd: 1,800 pages), and the collect-or-walk choice above is made on that estimate
 * too. One gram is estimated from its own statistics, and LIKE keeps the answer exact. A word searched alone
 * keeps all its grams: nothing to intersect with, and its count is bounded in code (planDocumentSearch).
 */
async function rarestGrams(db: DbOrTx, companyId: string, terms: string[]): Promise<IndexGrams> {
  const longer = terms.filter((t) => termGrams(t).length > 1);
  const chosen = new Map(await Promise.all(longer.map(async (t): Promise<[string, string[]]> => [t, [(await rarestGram(db, companyId, t)).gram]])));
  return (term) => chosen.get(term) ?? termGrams(term);
}

/**
 * The rows of a page. A walked search's deep page skips (page − 1) × perPage matches, and a keyword's matches
 * are known only by reading each walked row: page 200 of a common word reads ~14,000 rows where page 1 reads
 * ~70. So each walked page remembers where it starts and where the next one starts (anchor-cache.ts) under the
 * company's documents version its statement saw, and a page with an anchor continues from it by the sort
 * index instead of skipping. That statement checks the version in its own snapshot: after any change it
 * answers no row, and the page is read by skipping as before (which learns the new version).
 */
async function pageRows(db: Db, readable: Readable, plan: DocumentSearchPlan, q: TDocumentFindQuery) {
  if (!plan.anchorKey) return repo.documentPageQuery(db, readable, plan.where, q, plan);
  const key = (version: number, page: number) => `${version}:${page}:${plan.anchorKey}`;
  const guess = lastVersion(readable.companyId);
  const anchor = guess !== undefined && q.page > 1 ? getAnchor(key(guess, q.page)) : undefined;
  const anchored = anchor
    ? and(plan.where, keysetCondition(q.sort, q.order, anchor), repo.documentsVersionIs(readable.companyId, guess!))!
    : null;
  let rows = anchored ? await repo.documentPageQuery(db, readable, anchored, { ...q, page: 1 }, { ...plan, withVersion: true }) : [];
  if (rows.length === 0) rows = await repo.documentPageQuery(db, readable, plan.where, q, { ...plan, withVersion: true });
  const [first, last] = [rows[0], rows.at(-1)];
  if (!first) return rows;
  sawVersion(readable.companyId, first.version);
  if (first.sortKey) setAnchor(key(first.version, q.page), { key: first.sortKey, id: first.id, inclusive: true });
  if (last?.sortKey && rows.length === q.perPage) setAnchor(key(first.version, q.page + 1), { key: last.sortKey, id: last.id, inclusive: false });
  return rows;
}

/** The page and its total: from the page statement, or asked again when the page is past the last match. */
async function selectPage(db: Db, readable: Readable, plan: DocumentSearchPlan, q: TDocumentFindQuery) {
  const rows = await pageRows(db, readable, plan, q);
  if (plan.total.from === 'none') return { rows, total: plan.estimate, isTotalExact: false };
  if (rows.length > 0) return { rows, total: rows[0]!.total, isTotalExact: true };
  if (plan.total.from === 'window') {
    const n = await repo.countDocumentsCapped(db, plan.where);
    return { rows, total: Math.min(n, DOCUMENT_TOTAL_CAP), isTotalExact: n <= DOCUMENT_TOTAL_CAP };
  }
  const counts = await repo.companyAndCabinetCounts(db, readable.companyId, plan.total.from === 'cabinet' ? plan.total.cabinetId : null);
  return { rows, total: plan.total.from === 'cabinet' ? counts.cabinet : counts.company, isTotalExact: true };
}

/** A remembered page: which documents it holds, in order, and the total shown with it. */
type PageSkeleton = { ids: string[]; total: number; isTotalExact: boolean };

/** At most this many remembered pages per process (ids only: about 2 KB each). */
const PAGE_CACHE_CAPACITY = 2_000;
const skeletons = new ListCache<Promise<PageSkeleton>>(PAGE_CACHE_CAPACITY);

type PageRow = Awaited<ReturnType<typeof repo.selectListRowsByIds>>[number];

function toResponse(rows: PageRow[], total: number, isTotalExact: boolean): TDocumentFindResponse {
  return {
    documents: rows.map((r) => ({
      id: r.id,
      status: r.status as TDocumentDetail['status'],
      title: r.title,
      counterparty: r.counterparty,
      contractAt: r.contractAt,
      validityEndAt: r.validityEndAt,
      amount: r.amount,
      cabinets: r.cabinets,
      senderName: r.senderName,
      sentAt: r.sentAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    total,
    isTotalExact,
  };
}

/** The page and its total, searched in full. */
async function searchPage(db: Db, readable: Readable, q: TDocumentFindQuery, cabinet: repo.CabinetScope) {
  const plan = await planDocumentSearch(db, readable, q, cabinet);
  if (!plan) return { rows: [], total: 0, isTotalExact: true };
  return selectPage(db, readable, plan, q);
}

/**
 * `pageCache`: a search over every company document (an admin's, or a member's who reads the system cabinet,
 * without a user cabinet filter) remembers which documents its page holds and its total, keyed by the
 * company's documents version read first. Which documents match, their order and the counts depend on the
 * documents alone, and every statement that writes documents bumps that version (migration 0019), so a
 * remembered page is never stale: the next search after any change misses and searches in full. The rows
 * themselves (and the cabinets each caller may see, which follow links the version does not) are read
 * fresh every time by id: 50 primary-key reads instead of searching a million documents again, when 20
 * admins open the same list or a user pages back. Concurrent callers share the one search in flight.
 */
export async function findDocuments(db: Db, who: Who, q: TDocumentFindQuery, opts: { pageCache?: boolean } = {}): Promise<TDocumentFindResponse> {
  const readable = await readableCabinets(db, who);
  const cabinet = await resolveCabinetScope(db, readable, q.cabinetId);
  await assertOptionFiltersInCompany(db, readable.companyId, q.options);
  if (!opts.pageCache || !readable.readsAll || (cabinet && !cabinet.isSystem)) {
    const { rows, total, isTotalExact } = await searchPage(db, readable, q, cabinet);
    return toResponse(rows, total, isTotalExact);
  }
  const version = await repo.documentsVersion(db, readable.companyId);
  let searched: PageRow[] | undefined;
  const skeleton = await cachedOnce(skeletons, JSON.stringify([readable.companyId, version, q]), async () => {
    const page = await searchPage(db, readable, q, cabinet);
    searched = page.rows;
    return { ids: page.rows.map((r) => r.id), total: page.total, isTotalExact: page.isTotalExact };
  });
  const rows = searched ?? (await repo.selectListRowsByIds(db, readable, skeleton.ids));
  return toResponse(rows, skeleton.total, skeleton.isTotalExact);
}

/** Stored option values, limited to the items that still exist. */
function visibleOptions(stored: Record<string, string>, optionIds: string[]) {
  return Object.fromEntries(optionIds.filter((id) => stored[id] !== undefined && stored[id] !== '').map((id) => [id, stored[id]!]));
}

/** One document: its row, participants, files, cabinets, the company's attribute items and the edit right in one statement. */
export async function getDocument(db: DbOrTx, who: Who, id: string): Promise<TDocumentDetail> {
  const found = await repo.selectDocumentDetail(db, who, await readableCabinets(db, who), id);
  if (!found) throw notFound();
  const { document: doc, participants, files, cabinets, optionIds, canEditAttribute: canEdit } = found;
  return {
    id: doc.id,
    status: doc.status as TDocumentDetail['status'],
    title: doc.title,
    sender: { id: doc.senderId, name: doc.senderName, email: doc.senderEmail },
    sentAt: doc.sentAt?.toISOString() ?? null,
    concludedAt: doc.concludedAt?.toISOString() ?? null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    attribute: {
      title: doc.attrTitle,
      counterparty: doc.counterparty,
      contractAt: doc.contractAt,
      validityStartAt: doc.validityStartAt,
      validityEndAt: doc.validityEndAt,
      validityEndNoticeAt: doc.validityEndNoticeAt,
      autoUpdate: doc.autoUpdate as 0 | 1 | 2,
      localId: doc.localId,
      amount: doc.amount,
      options: visibleOptions(doc.options, optionIds),
    },
    participants,
    files: files.map((f) => ({ id: f.id, name: f.name, size: f.size })),
    cabinets: cabinets.map(({ id: cid, name }) => ({ id: cid, name })),
    canEditAttribute: canEdit,
  };
}

export async function findDocumentFile(db: DbOrTx, who: Who, id: string, fileId: string) {
  const doc = await repo.findReadableDocument(db, who, id);
  const file = doc ? (await repo.selectFiles(db, id)).find((f) => f.id === fileId) : undefined;
  if (!file) throw notFound();
  return file;
}
