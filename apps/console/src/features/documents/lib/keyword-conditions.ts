/**
 * The documents keyword box reads an amount or a date typed into it as the condition it means: nobody's
 * title holds 「1,000,000」 or 「令和8年11月26日」, so searching them as words would answer 全0件 (issue 30).
 * Only what is written as an amount or a date counts; bare digits (`1000000`, `20261126`) stay a keyword,
 * since titles, 管理番号 and document ids hold them too. A date written as one that does not exist
 * (2026/02/30, 令和8年13月1日) is not searched at all: the box says so (keywordProblem). The parsing is the
 * contract's (japanese-input.ts).
 */
import { parseAmountInput, parseDateInput, type TDocumentListQuery } from '@cloudsign/contract';

export type KeywordCondition =
  | { kind: 'amount'; typed: string; value: number }
  | { kind: 'contractAt'; typed: string; value: string };

export type KeywordReading = {
  /** The words left to search as a keyword, or undefined when none is left. */
  keyword: string | undefined;
  /** At most one of each kind, in the order typed. */
  conditions: KeywordCondition[];
  /** Words written as a date that no calendar has (2026/02/30): nothing is searched while there is one. */
  impossibleDates: string[];
};

const CONDITION_LABELS: Record<KeywordCondition['kind'], string> = {
  amount: '取引金額',
  contractAt: '契約締結日',
};

/** Written as an amount: a comma group, 円, ¥ or 万/億 (after NFKC, so full width counts too). */
const AMOUNT_MARK = /[,円¥\\万億]/;
/** Written as a date: anything but a bare run of digits (the parser then decides). */
const BARE_DIGITS = /^\d+$/;

type WordReading = KeywordCondition | { kind: 'impossibleDate'; typed: string };

function readWord(word: string): WordReading | null {
  const v = word.normalize('NFKC').replace(/\s+/g, '');
  if (v === '' || BARE_DIGITS.test(v)) return null;
  const date = parseDateInput(v);
  if (date.ok) return { kind: 'contractAt', typed: word, value: date.value };
  if (date.reason === 'range') return { kind: 'impossibleDate', typed: word };
  if (AMOUNT_MARK.test(v)) {
    const amount = parseAmountInput(v);
    if (amount.ok) return { kind: 'amount', typed: word, value: amount.value };
  }
  return null;
}

/**
 * What the keyword box's text asks for: the whole text when it is one amount or date
 * (「令和8年 11月 26日」), otherwise word by word (「ACME 1,000,000」 = the keyword ACME and 取引金額 1,000,000).
 * A second amount or date stays a keyword: one box asks for one of each.
 */
export function readKeyword(text: string): KeywordReading {
  const trimmed = text.trim();
  const whole = readWord(trimmed);
  if (whole?.kind === 'impossibleDate') {
    return { keyword: undefined, conditions: [], impossibleDates: [whole.typed] };
  }
  if (whole) return { keyword: undefined, conditions: [whole], impossibleDates: [] };
  const rest: string[] = [];
  const conditions: KeywordCondition[] = [];
  const impossibleDates: string[] = [];
  for (const word of trimmed.split(/\s+/u).filter(Boolean)) {
    const c = readWord(word);
    if (c?.kind === 'impossibleDate') impossibleDates.push(word);
    else if (c && !conditions.some((x) => x.kind === c.kind)) conditions.push(c);
    else rest.push(word);
  }
  return { keyword: rest.length > 0 ? rest.join(' ') : undefined, conditions, impossibleDates };
}

/** The list conditions of a reading: that one amount, that one day. */
export function keywordPatch(reading: KeywordReading): Partial<TDocumentListQuery> {
  const patch: Partial<TDocumentListQuery> = { keyword: reading.keyword };
  for (const c of reading.conditions) {
    if (c.kind === 'amount') Object.assign(patch, { amountFrom: c.value, amountTo: c.value });
    else Object.assign(patch, { contractAtFrom: c.value, contractAtTo: c.value });
  }
  return patch;
}

/**
 * Why the text cannot be searched, said to the person, or null: a date that does not exist would stay a word
 * no title holds and answer 全0件 without saying why.
 */
export function keywordProblem(reading: KeywordReading): string | null {
  if (reading.impossibleDates.length === 0) return null;
  return reading.impossibleDates.map((typed) => `「${typed}」は存在しない日付です。`).join('');
}

/** What the box did with the text, said to the person (null when all of it stayed a keyword). */
export function keywordNotice(reading: KeywordReading): string | null {
  if (reading.conditions.length === 0) return null;
  return reading.conditions
    .map((c) => `「${c.typed}」を${CONDITION_LABELS[c.kind]}の条件にしました。`)
    .join('');
}
