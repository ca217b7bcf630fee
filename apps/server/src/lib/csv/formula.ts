/**
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell starting with = + - @ (or their
 * full-width forms, which Excel's Japanese input accepts). Excel and LibreOffice also skip leading blanks
 * and line breaks before deciding, so a cell is escaped when = + - @ comes after any leading whitespace
 * (spaces, U+3000, TAB, CR, LF), and whenever it begins with TAB, CR or LF at all (OWASP's list).
 *
 * The escape is a leading apostrophe, which every spreadsheet shows as text. A cell that already begins
 * with apostrophes before such a start gets one more, so removing exactly one on upload (our own files
 * re-upload unchanged) gives back exactly what was written: the escape is reversible for every value.
 */
const RISKY = /^'*(?:[\t\r\n]|[ \u3000]*[=+\-@＝＋－＠])/;

export function escapeFormula(value: string): string {
  return RISKY.test(value) ? `'${value}` : value;
}

/** Undo escapeFormula: one apostrophe before a risky start is ours. */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && RISKY.test(cell.slice(1)) ? cell.slice(1) : cell;
}
