/**
 * What a document search asks for, read without SQL: its keyword words and their index keys, and whether any
 * condition narrows it. The planner (documents.plan.ts) decides on these; documents.search.ts writes the SQL.
 */
import { DOCUMENT_DATE_FILTER_KEYS, type TDocumentSearchConditions } from '@cloudsign/contract';
import { normalizeSearchText } from '../../lib/search-text.ts';

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

/**
 * True when a condition other than the keyword narrows the search: exactly when searchConditions
 * (documents.search.ts) would write one for them (an empty status list, sender or local id writes none).
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
    Object.keys(c.options).length > 0,
  );
}

/** True when nothing narrows the search (the exact count then comes from document_list_stats). */
export function hasNoConditions(c: TDocumentSearchConditions): boolean {
  return keywordTerms(c.keyword).length === 0 && !hasConditionsBesidesKeyword(c);
}
