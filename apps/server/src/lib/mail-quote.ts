/**
 * Tenant text in the service's mails (docs/decisions.md "Mail from the service"): a company name, a member's or an
 * admin's name is typed by a company, yet the mail comes from the service's sender. Each is printed on its own
 * quoted line (`> …`) under a label the service wrote, so it can never read as the service's own words (「パスワード
 * の再入力が必要です」 written as a company name), and it is shown with every line break, control or disguising
 * character spelled out as `<U+XXXX>`: text stored before the one-line rule, or given by an IdP, cannot start a
 * line of its own or turn itself around.
 */
import { showInvisible } from '@cloudsign/contract';

/** The longest a quoted value is printed; every name field is at most 100 characters. */
const MAX_QUOTED = 100;

/** Said once above the quoted lines, so the reader knows what they are. */
export const QUOTE_NOTE =
  '「>」で始まる行は、ご利用の企業が登録した内容の引用です（クラウドサインが書いた文ではありません）。';

/** One quoted line: never more than one, whatever the text holds. */
export function quoteLine(text: string): string {
  const chars = Array.from(text.trim());
  const shown = chars.slice(0, MAX_QUOTED).join('') + (chars.length > MAX_QUOTED ? '…' : '');
  return `> ${showInvisible(shown)}`;
}

/**
 * A label line of the service's and the tenant's value quoted under it, for each field that has a value, then
 * the note saying what the quoted lines are.
 */
export const quotedFields = (fields: [label: string, text: string | null | undefined][]) => [
  ...fields.flatMap(([label, text]) => (text ? [`${label}:`, quoteLine(text)] : [])),
  QUOTE_NOTE,
];
