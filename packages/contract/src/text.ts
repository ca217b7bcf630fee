/**
 * Characters refused in text people read back elsewhere (names, titles, notes, file names).
 *
 * - Line breaks and other control characters in single-line fields (names, titles, attribute values): a
 *   line break in a name splits it in every list and, written to a CSV, is one more place a spreadsheet
 *   could begin a row. Multi-line fields (notes) keep TAB, CR and LF; NUL and the rest are refused.
 * - Characters that disguise what a name says (the "Trojan Source" class): bidirectional controls
 *   (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C), which make a name ending in
 *   「<U+202E>fdp.exe」 read as 「exe.pdf」, and invisible characters that make two names look alike
 *   (U+200B zero width space, U+2060–U+2064, U+FEFF). The zero width joiners (U+200C/U+200D) stay: emoji sequences need them.
 */
import { z } from 'zod';

export const DISGUISING_CHARS =
  /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR break a line in mail clients and editors like LF. */
const isUnicodeLineBreak = (c: number) => c === 0x2028 || c === 0x2029;

/** C0 and C1 controls, DEL and the Unicode line breaks; a multi-line field keeps TAB, LF, CR and those. */
const isControl = (c: number, multiline: boolean) =>
  ((c < 0x20 || (c >= 0x7f && c <= 0x9f)) &&
    !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) ||
  (!multiline && isUnicodeLineBreak(c));

const codePoint = (c: string) =>
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

const isRefused = (ch: string, multiline: boolean) =>
  DISGUISING_CHARS.test(ch) || isControl(ch.charCodeAt(0), multiline);

/** The text with every refused character shown as `<U+XXXX>`, so a message can name it without obeying it. */
export const showInvisible = (text: string) =>
  Array.from(text, (ch) => (isRefused(ch, false) ? `<${codePoint(ch)}>` : ch)).join('');

/** The Japanese message for the first refused character of `text`, or null. `label` names the field. */
export function textProblem(
  text: string,
  label: string,
  opts: { multiline?: boolean } = {},
): string | null {
  const disguising = DISGUISING_CHARS.exec(text);
  if (disguising)
    return `${label}に、表示を偽装できる見えない文字（${codePoint(disguising[0])}）は使えません。`;
  const control = Array.from(text).find((ch) =>
    isControl(ch.charCodeAt(0), opts.multiline ?? false),
  );
  if (control === undefined) return null;
  return control === '\r' || control === '\n' || isUnicodeLineBreak(control.charCodeAt(0))
    ? `${label}に改行は使えません。1行で入力してください。`
    : `${label}に制御文字（${codePoint(control)}）は使えません。`;
}

/** Characters that end or space a line: one space in their place when outside text is made single-line. */
const LINE_SPACING = /[\t\n\v\f\r\u0085\u2028\u2029]/;

/**
 * Text that comes from outside rather than from a form (an IdP's SAML attributes), made to follow the
 * single-line rule instead of being refused: a sign-in must not fail for a display name. Line breaks become one
 * space, every other refused character is dropped, and the result is trimmed and cut at `max` UTF-16 units
 * (what the fields' zod `.max` counts), never inside a surrogate pair.
 */
export function toSingleLine(text: string, max: number): string {
  // Dropped first, so a break on either side of a dropped character still makes one space.
  const kept = Array.from(text, (ch) => (isRefused(ch, false) && !LINE_SPACING.test(ch) ? '' : ch));
  const line = kept
    .join('')
    .replace(new RegExp(`${LINE_SPACING.source}+`, 'g'), ' ')
    .trim();
  const cut = line.slice(0, max);
  return (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}

/** A zod refinement of the same rule, for the contract's text fields. */
export const refineText =
  (label: string, opts: { multiline?: boolean } = {}) =>
  (text: string, ctx: z.RefinementCtx) => {
    const message = textProblem(text, label, opts);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
