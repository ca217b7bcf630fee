/**
 * The WHERE and ORDER BY of a document search (issue 6), as SQL fragments over `documents`. Exported for the
 * attribute bulk edit (issue 7), which downloads every document matching the same conditions.
 */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { TDocumentSearchConditions, TDocumentSortKey } from '@cloudsign/contract';
import { documents } from '../../db/schema.ts';
import { normalizeSearchText } from '../../lib/search-text.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_TERMS = 10;

/** Keyword → its words (normalised like search_text, deduplicated), at most MAX_TERMS. */
export function keywordTerms(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const words = normalizeSearchText(keyword).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * The index keys a word needs (see migration 0008): one character → itself; longer → its bigrams. Counted in
 * code points, as PostgreSQL's substr counts them.
 */
export function termGrams(term: string): string[] {
  const chars = Array.from(term);
  if (chars.length === 1) return chars;
  const grams = new Set<string>();
  for (let i = 0; i < chars.length - 1; i += 1) grams.add(chars[i]! + chars[i + 1]!);
  return [...grams];
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${likeEscape(s)}%`;

function termCondition(term: string): SQL {
  const grams = sql`document_search_grams(${documents.searchText}) @> ${sql.param(termGrams(term))}::text[]`;
  // 1–2 characters: the gram is the word itself, the index answer is exact. Longer: bigrams can match apart.
  const match = Array.from(term).length <= 2 ? grams : sql`(${grams} and ${documents.searchText} like ${contains(term)})`;
  return UUID.test(term) ? sql`(${documents.id} = ${term}::uuid or ${match})` : match;
}

const DATE_COLUMNS = {
  contractAt: documents.contractAt,
  validityStartAt: documents.validityStartAt,
  validityEndAt: documents.validityEndAt,
  validityEndNoticeAt: documents.validityEndNoticeAt,
} as const;

/**
 * Conditions other than access and cabinet (those need the caller, see documents.repository.ts).
 * `sentAt` is a timestamp; its day bounds are Japan days (the console's and the users' calendar).
 */
export function searchConditions(c: TDocumentSearchConditions): SQL[] {
  const out: SQL[] = keywordTerms(c.keyword).map(termCondition);
  if (c.status && c.status.length > 0) out.push(sql`${documents.status} = any(${sql.param(c.status)}::smallint[])`);
  if (c.sender) {
    const s = contains(c.sender.trim().toLowerCase());
    out.push(sql`(lower(${documents.senderName}) like ${s} or lower(${documents.senderEmail}) like ${s})`);
  }
  for (const [key, column] of Object.entries(DATE_COLUMNS)) {
    const from = c[`${key as keyof typeof DATE_COLUMNS}From`];
    const to = c[`${key as keyof typeof DATE_COLUMNS}To`];
    if (from) out.push(sql`${column} >= ${from}::date`);
    if (to) out.push(sql`${column} <= ${to}::date`);
  }
  if (c.sentAtFrom) out.push(sql`${documents.sentAt} >= ${`${c.sentAtFrom}T00:00:00+09:00`}::timestamptz`);
  if (c.sentAtTo) out.push(sql`${documents.sentAt} < (${`${c.sentAtTo}T00:00:00+09:00`}::timestamptz + interval '1 day')`);
  if (c.amountFrom !== undefined) out.push(sql`${documents.amount} >= ${c.amountFrom}`);
  if (c.amountTo !== undefined) out.push(sql`${documents.amount} <= ${c.amountTo}`);
  if (c.autoUpdate !== undefined) out.push(sql`${documents.autoUpdate} = ${c.autoUpdate}`);
  if (c.localId) out.push(sql`lower(${documents.localId}) like ${contains(c.localId.trim().toLowerCase())}`);
  for (const [optionId, value] of Object.entries(c.options)) {
    out.push(sql`lower(${documents.options} ->> ${optionId}) like ${contains(value.trim().toLowerCase())}`);
  }
  return out;
}

/** True when nothing narrows the search (the exact count then comes from document_list_stats). */
export function hasNoConditions(c: TDocumentSearchConditions): boolean {
  return searchConditions(c).length === 0;
}

const SORT_COLUMNS = {
  updatedAt: documents.updatedAt,
  createdAt: documents.createdAt,
  sentAt: documents.sentAt,
  concludedAt: documents.concludedAt,
  ...DATE_COLUMNS,
  amount: documents.amount,
  title: documents.title,
} as const;

/**
 * Sort column, then id in the same direction: a stable order that one (company, column, id) index serves
 * forwards or backwards. NULLs sort as PostgreSQL's default (last ascending, first descending), as the index does.
 */
export function searchOrder(sort: TDocumentSortKey, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  return [dir(SORT_COLUMNS[sort]), dir(documents.id)];
}
