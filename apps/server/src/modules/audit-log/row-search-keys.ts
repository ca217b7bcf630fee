/**
 * The exact identifiers a bulk run's row record is found by (issue 33): a member's name and address, a
 * document's title and 管理番号, normalised the same way when written and when searched (NFKC, so full-width
 * letters and spaces match their half-width forms; lower case; one space between words), so the viewer's
 * keyword is one btree lookup of the row records instead of a trigram scan of millions.
 */
export const searchKey = (s: string) =>
  s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Member targets read `名前 <address>` (member-mappers.ts), documents `タイトル（管理番号: …）` (bulk-row-events.ts). */
const MEMBER = /^(.*) <([^<>]*)>$/s;
const DOCUMENT = /^(.*)（管理番号: (.*)）$/s;

export function rowSearchKeys(target: { type: string; name: string }): {
  nameKey: string;
  identKey: string;
} {
  const m = (target.type === 'member' ? MEMBER : DOCUMENT).exec(target.name);
  return m
    ? { nameKey: searchKey(m[1]!), identKey: searchKey(m[2]!) }
    : { nameKey: searchKey(target.name), identKey: '' };
}
