import { foldKanjiVariants } from './kanji-variants.ts';

/**
 * Keyword normalisation shared by writes, searches and the console (docs/design.md §4): NFKC folds full-width
 * letters and half-width katakana (ＹＡＭＡＤＡ → YAMADA, ﾔﾏﾀﾞ → ヤマダ), then lower-case, then hiragana
 * to katakana so かな and カナ match each other, then old and variant kanji to one form (髙 → 高,
 * kanji-variants.ts).
 */
export function normalizeSearchText(input: string): string {
  const folded = input
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/\s+/g, ' ')
    .trim();
  return foldKanjiVariants(folded);
}

/** A keyword → its words, normalised like search_text and deduplicated, at most 10 (every word must match). */
export function searchKeywordTerms(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const words = normalizeSearchText(keyword).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, 10);
}

/** What a member's keyword search looks at: name, email, 所属. */
export const memberSearchText = (m: { name: string; email: string; organization: string }) =>
  normalizeSearchText(`${m.name} ${m.email} ${m.organization}`);
