/**
 * Keyword normalisation shared by writes and searches (issue 3, DESIGN.md §4): NFKC folds full-width
 * letters and half-width katakana (ＹＡＭＡＤＡ → YAMADA, ﾔﾏﾀﾞ → ヤマダ), then lower-case, then hiragana
 * to katakana so かな and カナ match each other.
 */
export function normalizeSearchText(input: string): string {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/\s+/g, ' ')
    .trim();
}
