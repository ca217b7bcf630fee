/** Rules of the documents area (issue 6; decisions in packages/contract/src/documents.ts). */
import {
  DOCUMENT_TOTAL_CAP,
  type TDocumentAttributeOption,
  type TDocumentDetail,
  type TDocumentFindQuery,
  type TDocumentFindResponse,
} from '@cloudsign/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { selectOptions } from '../document-attribute-options/document-attribute-options.repository.ts';
import * as repo from './documents.repository.ts';
import { hasNoConditions, keywordTerms, termGrams } from './documents.search.ts';
import { cachedEstimate } from './estimate-cache.ts';

type Who = repo.Who;

/** A cabinet filter must name a cabinet the caller may read; anything else is a missing cabinet (404). */
export async function resolveCabinetScope(db: DbOrTx, who: Who, cabinetId: string | undefined): Promise<repo.CabinetScope> {
  if (!cabinetId) return null;
  const cabinet = await repo.findReadableCabinet(db, who, cabinetId);
  if (!cabinet) {
    throw new AppError('not_found', '指定されたキャビネットが見つかりません。', [{ path: 'cabinetId', message: '指定されたキャビネットが見つかりません。' }]);
  }
  return { id: cabinet.id, isSystem: cabinet.type === 1 };
}

/** Below this many estimated matches the matches are collected (grams index, bitmaps) and sorted; above, the sort index is walked. */
const COLLECT_BELOW = 20_000;

/**
 * Total and plan shape (contract file, `isTotalExact`). Unfiltered company admin or cabinet: exact from the
 * trigger-kept counts. Otherwise the planner's estimate decides. A keyword's estimate is bounded by its rarest
 * gram (the planner multiplies the grams of a long word as if independent, which underestimates badly). A
 * narrow search (or a page too deep to reach by walking) collects its matches, sorts them and counts them
 * exactly in the same statement; a broad one answers the estimate and walks the sort index, matching keywords
 * with LIKE (computing grams per walked row would cost far more): counting every match of a frequent word
 * would cost many times the page (docs/decisions.md).
 */
export async function planDocumentSearch(db: DbOrTx, who: Who, q: TDocumentFindQuery, cabinet: repo.CabinetScope) {
  const where = repo.documentSearchWhere(who, q, cabinet, 'index');
  if (hasNoConditions(q) && (cabinet || who.isCompanyAdmin)) {
    // Unfiltered: the trigger-kept counts are exact and free. A cabinet scope needs no access check
    // (documentSearchWhere), so the cabinet's count is what the caller sees.
    const counts = cabinet && !cabinet.isSystem ? await repo.companyAndCabinetCounts(db, who.user.companyId, cabinet.id) : null;
    const companyCount = counts?.company ?? (await repo.companyDocumentCount(db, who.user.companyId));
    const total = counts?.cabinet ?? companyCount;
    // A small cabinet's documents are collected through its links: walking the company's sort index to find
    // them would read about (page end) × (company ÷ cabinet) rows.
    const isCollected = (q.page * q.perPage * companyCount) / Math.max(total, 1) > total;
    return { where, isCollected, total, isTotalExact: true };
  }
  const terms = keywordTerms(q.keyword);
  // The estimate depends on the WHERE only: who (access), cabinet and conditions, not page or sort.
  const { page: _p, perPage: _pp, sort: _s, order: _o, ...conditions } = q;
  const key = JSON.stringify([who.user.companyId, who.isCompanyAdmin || who.user.id, cabinet?.id ?? null, conditions]);
  const estimate = await cachedEstimate(key, async () => {
    const whole = await repo.estimateMatches(db, where);
    // One word of one or two characters is a single gram: its estimate is the one just taken.
    const isSingleGram = terms.length === 1 && termGrams(terms[0]!).length === 1 && termGrams(terms[0]!)[0] === terms[0];
    if (terms.length === 0 || isSingleGram || !hasNoConditions({ ...q, keyword: undefined })) return whole;
    const grams = terms.flatMap(termGrams);
    const perGram = await Promise.all(grams.map((g) => repo.estimateMatches(db, repo.documentSearchWhere(who, { options: {}, keyword: g }, cabinet, 'index'))));
    return Math.max(whole, Math.min(...perGram));
  });
  if (estimate >= COLLECT_BELOW) {
    // A deep page of a sparse search would walk (rows before it) ÷ (share of matches) rows; past the point
    // where that exceeds the matches themselves, collecting them is cheaper.
    const companyCount = await repo.companyDocumentCount(db, who.user.companyId);
    const walked = (q.page * q.perPage * companyCount) / estimate;
    if (walked > estimate) return { where, isCollected: true, isCounted: true, total: 0, isTotalExact: true };
    const scanWhere = terms.length > 0 ? repo.documentSearchWhere(who, q, cabinet, 'scan') : where;
    return { where: scanWhere, isCollected: false, total: estimate, isTotalExact: false };
  }
  // Narrow: the matches are collected and counted by the page statement itself (findDocuments).
  return { where, isCollected: true, isCounted: true, total: 0, isTotalExact: true };
}

/** The page, and the total when the plan leaves it to the page (a collected search counts while it collects). */
async function selectPage(db: Db, plan: Awaited<ReturnType<typeof planDocumentSearch>>, q: TDocumentFindQuery) {
  if (!('isCounted' in plan)) return { rows: await repo.selectDocumentPage(db, plan.where, q, plan.isCollected), total: plan.total, isTotalExact: plan.isTotalExact };
  const counted = await repo.countedPageQuery(db, plan.where, q);
  if (counted.length > 0) return { rows: counted.map(({ matches: _, ...r }) => r), total: counted[0]!.matches, isTotalExact: true };
  const n = await repo.countDocumentsCapped(db, plan.where);
  return { rows: [], total: Math.min(n, DOCUMENT_TOTAL_CAP), isTotalExact: n <= DOCUMENT_TOTAL_CAP };
}

export async function findDocuments(db: Db, who: Who, q: TDocumentFindQuery): Promise<TDocumentFindResponse> {
  const cabinet = await resolveCabinetScope(db, who, q.cabinetId);
  const { rows, total, isTotalExact } = await selectPage(db, await planDocumentSearch(db, who, q, cabinet), q);
  const cabinetRows = await repo.selectCabinetsOf(
    db,
    who,
    rows.map((r) => r.id),
  );
  return {
    documents: rows.map((r) => ({
      ...r,
      status: r.status as TDocumentDetail['status'],
      cabinets: cabinetRows.filter((c) => c.documentId === r.id).map(({ id, name }) => ({ id, name })),
      sentAt: r.sentAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    total,
    isTotalExact,
  };
}

/** Stored option values, limited to the items that still exist. */
function visibleOptions(stored: Record<string, string>, options: TDocumentAttributeOption[]) {
  return Object.fromEntries(options.filter((o) => stored[o.id] !== undefined && stored[o.id] !== '').map((o) => [o.id, stored[o.id]!]));
}

export async function getDocument(db: DbOrTx, who: Who, id: string): Promise<TDocumentDetail> {
  const doc = await repo.findReadableDocument(db, who, id);
  if (!doc) throw notFound();
  const [participants, files, cabinets, options, canEdit] = [
    await repo.selectParticipants(db, id),
    await repo.selectFiles(db, id),
    await repo.selectCabinetsOf(db, who, [id]),
    await selectOptions(db, who.user.companyId),
    await repo.canEditAttribute(db, who, id),
  ];
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
      options: visibleOptions(doc.options, options),
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
