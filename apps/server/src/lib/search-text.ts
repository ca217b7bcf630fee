import { foldKanjiVariants } from './kanji-variants.ts';

/**
 * Keyword normalisation shared by writes and searches (docs/design.md §4): NFKC folds full-width
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

/** What a member's keyword search looks at: name, email, 所属. */
export const memberSearchText = (m: { name: string; email: string; organization: string }) =>
  normalizeSearchText(`${m.name} ${m.email} ${m.organization}`);

/**
 * What a document's keyword search looks at (docs/design.md §4): title, 管理用タイトル, counterparty,
 * participants' names, emails and companies, and the document id (exact id match is a separate condition).
 */
export const documentSearchText = (d: {
  id: string;
  title: string;
  attrTitle?: string | null;
  counterparty?: string | null;
  participants?: readonly { name: string; email: string; organization: string }[];
}) =>
  normalizeSearchText(
    [
      d.title,
      d.attrTitle ?? '',
      d.counterparty ?? '',
      ...(d.participants ?? []).flatMap((p) => [p.name, p.email, p.organization]),
      d.id,
    ].join(' '),
  );
