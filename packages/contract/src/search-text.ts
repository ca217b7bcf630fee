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

/**
 * What a member's keyword search looks at, as space-separated fields in a fixed order (the server ranks by
 * their position, member-list.sql.ts): the name without its spaces (「青木 久美子」 → 青木久美子, so 「青木久美子」
 * and 「山田健」 find 「山田 健」 even typed with a full-width space; a word of the name is a part of it), the フリガナ in katakana without spaces
 * (empty when none; 「あおき」「ｱｵｷ」 fold to アオキ like every keyword), the e-mail, then 所属.
 * Migration 0040 rebuilt the stored texts in this layout; a change here needs a migration doing the same.
 */
export const memberSearchText = (m: {
  name: string;
  furigana?: string | null | undefined;
  email: string;
  organization: string;
}) =>
  [
    compactSearchText(m.name),
    compactSearchText(m.furigana ?? ''),
    normalizeSearchText(m.email),
    normalizeSearchText(m.organization),
  ].join(' ');

/** Normalised like a keyword, with every space taken out (a name typed with or without them is one name). */
export const compactSearchText = (input: string) => normalizeSearchText(input).replace(/ /g, '');
