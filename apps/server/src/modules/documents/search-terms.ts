/**
 * What a document search asks for, read without SQL: its keyword words and their index keys, and whether any
 * condition narrows it. The planner (documents.plan.ts) decides on these; documents-search.sql.ts writes the SQL.
 */
import {
  DOCUMENT_DATE_FILTER_KEYS,
  normalizeSearchText,
  searchKeywordTerms,
  type TDocumentSearchConditions,
} from '@cloudsign/contract';

/** Keyword → its words (normalised like search_text, deduplicated), at most 10. */
export const keywordTerms = searchKeywordTerms;

/** The 取引先 condition normalised like search_text (the stored side is search_fold(), migration 0041), or null. */
export function counterpartyTerm(c: TDocumentSearchConditions): string | null {
  const term = c.counterparty ? normalizeSearchText(c.counterparty) : '';
  return term === '' ? null : term;
}

/**
 * The words a search's rows must hold in search_text: the keyword's and, for a partial 取引先, the 取引先's own
 * words (search_text holds the counterparty, so each of them is there too). Asked through the grams index like
 * the keyword, they make a partial 取引先 as cheap to find and estimate as a keyword; the 取引先 column itself is
 * only rechecked on the rows they find (documents-search.sql.ts).
 */
export function searchWords(c: TDocumentSearchConditions): string[] {
  const own = keywordTerms(c.keyword);
  if (c.counterpartyMatch === 'exact' || !counterpartyTerm(c)) return own;
  return [...new Set([...own, ...keywordTerms(c.counterparty)])].slice(0, 10);
}

/** The conditions without the partial 取引先's words, so an estimate does not count them twice. */
export function withoutWords(c: TDocumentSearchConditions): TDocumentSearchConditions {
  const { keyword: _k, counterparty, ...rest } = c;
  return c.counterpartyMatch === 'exact' && counterparty !== undefined
    ? { ...rest, counterparty }
    : rest;
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

/**
 * True when a condition other than the keyword narrows the search: exactly when searchConditions
 * (documents-search.sql.ts) would write one for them (an empty status list, sender or local id writes none).
 */
export function hasConditionsBesidesKeyword(c: TDocumentSearchConditions): boolean {
  return Boolean(
    (c.status && c.status.length > 0) ||
    c.sender ||
    DOCUMENT_DATE_FILTER_KEYS.some((k) => c[`${k}From`] || c[`${k}To`]) ||
    c.amountFrom !== undefined ||
    c.amountTo !== undefined ||
    c.autoUpdate !== undefined ||
    c.localId ||
    counterpartyTerm(c) !== null ||
    (c.blank && c.blank.length > 0) ||
    Object.keys(c.options).length > 0,
  );
}

/** True when nothing narrows the search (the exact count then comes from document_list_stats). */
export function hasNoConditions(c: TDocumentSearchConditions): boolean {
  return searchWords(c).length === 0 && !hasConditionsBesidesKeyword(c);
}

/** Longest contract-date range written out day by day (daysBetween). */
const MAX_LISTED_DAYS = 366;

/**
 * The days from `from` to `to` (YYYY-MM-DD, both included), or null when either is missing or the range is
 * longer than MAX_LISTED_DAYS. A contract-date range with an amount range is asked as `contract_at = any(days)`:
 * the (company, contract date, amount) index then seeks to the amount range within each day and reads only
 * matching entries (a half-year and a 1–5 million yen range of a million documents: 8,700 entries instead of
 * the 52,000 of the amount range alone). PostgreSQL 15 cannot skip through the first column of a range itself.
 */
export function daysBetween(from: string | undefined, to: string | undefined): string[] | null {
  if (!from || !to) return null;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const count = Math.round((end - start) / 86_400_000) + 1;
  if (!(count >= 1 && count <= MAX_LISTED_DAYS)) return null;
  return Array.from({ length: count }, (_, i) =>
    new Date(start + i * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The contract days a search lists one by one: its contract-date range when an amount range comes with it (daysBetween). */
export function contractDays(c: TDocumentSearchConditions): string[] | null {
  return c.amountFrom !== undefined || c.amountTo !== undefined
    ? daysBetween(c.contractAtFrom, c.contractAtTo)
    : null;
}
