/** Rules of the documents area (decisions in packages/contract/src/documents.ts; the search plan in documents.plan.ts). */
import {
  EntityType,
  DOCUMENT_TOTAL_CAP,
  type TDocumentDetail,
  type TDocumentFindQuery,
  type TDocumentFindResponse,
  type TDocumentSearchConditions,
} from '@cloudsign/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Readable } from '../../auth/access.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import * as repo from './documents.repository.ts';
import * as searchRepo from './documents-search.repository.ts';
import {
  planDocumentSearch,
  type CabinetScope,
  type DocumentSearchPlan,
  type SearchStats,
} from './documents.plan.ts';
import { assertOptionFiltersInCompany } from '../document-attribute-options/option-filters.ts';
import { getAnchor, lastVersion, sawVersion, setAnchor } from './anchor-cache.ts';
import { cachedEstimate } from './estimate-cache.ts';
import { cachedOnce, ListCache } from '../../lib/list-cache.ts';

/**
 * The database, the caller, the clock (a saved 更新日時 is its time) and the documents repository, which every
 * rule of the area reads, access included (the real one unless a rule test passes its own).
 */
export type Ctx = { db: DbOrTx; auth: AuthContext; clock: () => Date; documents?: typeof repo };
export const documentsOf = (ctx: Pick<Ctx, 'documents'>) => ctx.documents ?? repo;
/** What a read needs: the caller's company and rights, no clock (nothing is saved). */
type ReadCtx = Pick<Ctx, 'db' | 'documents'> & { auth: repo.Who };

/**
 * A cabinet filter must name a cabinet the caller may read; anything else is a missing cabinet (404). A
 * member's readable cabinets are already resolved (readableCabinets): no second query.
 */
export async function resolveCabinetScope(
  ctx: Pick<Ctx, 'db' | 'documents'>,
  readable: Readable,
  cabinetId: string | undefined,
): Promise<CabinetScope> {
  if (!cabinetId) return null;
  const id = cabinetId.toLowerCase();
  let cabinet: CabinetScope = null;
  if (readable.isCompanyAdmin) {
    const row = await documentsOf(ctx).findCabinetInCompany(ctx.db, readable.companyId, id);
    if (row) cabinet = { id: row.id, isSystem: row.type === EntityType.System };
  } else if (readable.cabinetIds.includes(id)) {
    cabinet = { id, isSystem: id === readable.systemCabinetId };
  }
  if (!cabinet) {
    throw new AppError('not_found', '指定されたキャビネットが見つかりません。', [
      { path: 'cabinetId', message: '指定されたキャビネットが見つかりません。' },
    ]);
  }
  return cabinet;
}

/**
 * The list's own checks of a search (a cabinet the caller cannot read, or another company's item, is missing:
 * 404) and what he reads; まとめてダウンロード and 税務調査対応 search as the list does.
 */
export async function searchScope(
  ctx: ReadCtx,
  q: Pick<TDocumentSearchConditions, 'cabinetId' | 'options'>,
) {
  const readable = await documentsOf(ctx).readableCabinets(ctx.db, ctx.auth);
  const cabinet = await resolveCabinetScope(ctx, readable, q.cabinetId);
  await assertOptionFiltersInCompany(ctx.db, readable.companyId, q.options);
  return { readable, cabinet };
}

/**
 * The numbers plans rest on, shared by every search of the process for a short time (estimate-cache.ts): the
 * database's estimate of a filter's matches, and the trigger-kept counts (plan inputs only: totals shown are
 * read by the page statement itself).
 */
function searchStats(db: DbOrTx): SearchStats {
  return {
    matches: (filter) =>
      cachedEstimate(JSON.stringify(filter), () => searchRepo.estimateMatches(db, filter)),
    counts: (companyId, cabinetId) =>
      cachedEstimate(`counts:${companyId}:${cabinetId ?? ''}`, () =>
        repo.companyAndCabinetCounts(db, companyId, cabinetId),
      ),
  };
}

type Search = ReturnType<typeof searchRepo.documentSearch>;

/**
 * The rows of a page. A walked search's deep page skips (page − 1) × perPage matches, and a keyword's matches
 * are known only by reading each walked row: page 200 of a common word reads ~14,000 rows where page 1 reads
 * ~70. So each walked page remembers where it starts and where the next one starts (anchor-cache.ts) under the
 * company's documents version its statement saw, and a page with an anchor continues from it by the sort
 * index instead of skipping. That statement checks the version in its own snapshot: after any change it
 * answers no row, and the page is read by skipping as before (which learns the new version).
 */
async function pageRows(
  search: Search,
  readable: Readable,
  plan: DocumentSearchPlan,
  q: TDocumentFindQuery,
) {
  if (!plan.anchorKey) return search.page(q);
  const key = (version: number, page: number) => `${version}:${page}:${plan.anchorKey}`;
  const guess = lastVersion(readable.companyId);
  const anchor = guess !== undefined && q.page > 1 ? getAnchor(key(guess, q.page)) : undefined;
  let rows = anchor
    ? await search.page({ ...q, page: 1 }, { from: { anchor, version: guess! }, withVersion: true })
    : [];
  if (rows.length === 0) rows = await search.page(q, { withVersion: true });
  const [first, last] = [rows[0], rows.at(-1)];
  if (!first) return rows;
  sawVersion(readable.companyId, first.version);
  if (first.sortKey)
    setAnchor(key(first.version, q.page), { key: first.sortKey, id: first.id, inclusive: true });
  if (last?.sortKey && rows.length === q.perPage)
    setAnchor(key(first.version, q.page + 1), { key: last.sortKey, id: last.id, inclusive: false });
  return rows;
}

/** The page and its total: from the page statement, or asked again when the page is past the last match. */
async function selectPage(
  db: Db,
  readable: Readable,
  plan: DocumentSearchPlan,
  q: TDocumentFindQuery,
) {
  const search = searchRepo.documentSearch(db, readable, plan);
  const rows = await pageRows(search, readable, plan, q);
  if (plan.total.from === 'none') return { rows, total: plan.estimate, isTotalExact: false };
  if (rows.length > 0) return { rows, total: rows[0]!.total, isTotalExact: true };
  if (plan.total.from === 'window') {
    const n = await search.countCapped();
    return { rows, total: Math.min(n, DOCUMENT_TOTAL_CAP), isTotalExact: n <= DOCUMENT_TOTAL_CAP };
  }
  const counts = await repo.companyAndCabinetCounts(
    db,
    readable.companyId,
    plan.total.from === 'cabinet' ? plan.total.cabinetId : null,
  );
  return {
    rows,
    total: plan.total.from === 'cabinet' ? counts.cabinet : counts.company,
    isTotalExact: true,
  };
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
async function searchPage(
  db: Db,
  readable: Readable,
  q: TDocumentFindQuery,
  cabinet: CabinetScope,
) {
  const plan = await planDocumentSearch(readable, q, cabinet, searchStats(db));
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
export async function findDocuments(
  ctx: ReadCtx & { db: Db },
  q: TDocumentFindQuery,
  opts: { pageCache?: boolean } = {},
): Promise<TDocumentFindResponse> {
  const { db } = ctx;
  const repo = documentsOf(ctx);
  const { readable, cabinet } = await searchScope(ctx, q);
  if (!opts.pageCache || !readable.readsAll || (cabinet && !cabinet.isSystem)) {
    const { rows, total, isTotalExact } = await searchPage(db, readable, q, cabinet);
    return toResponse(rows, total, isTotalExact);
  }
  const version = await searchRepo.documentsVersion(db, readable.companyId);
  let searched: PageRow[] | undefined;
  const skeleton = await cachedOnce(
    skeletons,
    JSON.stringify([readable.companyId, version, q]),
    async () => {
      const page = await searchPage(db, readable, q, cabinet);
      searched = page.rows;
      return {
        ids: page.rows.map((r) => r.id),
        total: page.total,
        isTotalExact: page.isTotalExact,
      };
    },
  );
  const rows = searched ?? (await repo.selectListRowsByIds(db, readable, skeleton.ids));
  return toResponse(rows, skeleton.total, skeleton.isTotalExact);
}

/** Stored option values, limited to the items that still exist. */
function visibleOptions(stored: Record<string, string>, optionIds: string[]) {
  return Object.fromEntries(
    optionIds
      .filter((id) => stored[id] !== undefined && stored[id] !== '')
      .map((id) => [id, stored[id]!]),
  );
}

/** One document: its row, participants, files, cabinets, the company's attribute items and the edit right in one statement. */
export async function getDocument(ctx: ReadCtx, id: string): Promise<TDocumentDetail> {
  const { db, auth } = ctx;
  const repo = documentsOf(ctx);
  const found = await repo.selectDocumentDetail(
    db,
    auth,
    await repo.readableCabinets(db, auth),
    id,
  );
  if (!found) throw notFound();
  const {
    document: doc,
    participants,
    files,
    cabinets,
    optionIds,
    canEditAttribute: canEdit,
  } = found;
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
