/**
 * Amounts, dates, emails and フリガナ as people in Japan type them (docs/glossary.md "Input"). One place,
 * used by the contract's zod schemas (API bodies and queries), the console's list URLs and the CSV cells.
 *
 * Every parser NFKC-normalises first: full-width digits and punctuation (１，０００ → 1,000), the era
 * ligatures (㋿ → 令和, ㍻ → 平成) and half-width katakana (ﾌﾘｶﾞﾅ → フリガナ) come out in their usual form.
 */

export type TParsed<T> = { ok: true; value: T } | { ok: false; reason: 'format' | 'range' };

const ok = <T>(value: T): TParsed<T> => ({ ok: true, value });
const bad = (reason: 'format' | 'range'): TParsed<never> => ({ ok: false, reason });

/** A run of digits, or digits with commas in groups of three (a misplaced comma is a typo, not a separator). */
const AMOUNT_DIGITS = String.raw`(?:\d+|\d{1,3}(?:,\d{3})+)`;
const AMOUNT_RE = new RegExp(`^${AMOUNT_DIGITS}$`);
/** 億 and 万 as people write amounts: `100万`, `1億2000万`, `1億5000`, `3万5,000`. */
const AMOUNT_UNITS_RE = new RegExp(
  `^(?:(${AMOUNT_DIGITS})億)?(?:(${AMOUNT_DIGITS})万)?(${AMOUNT_DIGITS})?$`,
);

const groupValue = (s: string | undefined) => (s === undefined ? 0 : Number(s.replaceAll(',', '')));

/**
 * Integer yen: `1000000`, `1,000,000`, `１，０００，０００`, `1000000円`, `¥1,000,000`, `100万円`,
 * `1億2,000万円`. Commas only in groups of three. Below a unit, at most 9999 (`1万20000` is a typo).
 * `range` = beyond a safe integer.
 */
export function parseAmountInput(raw: string): TParsed<number> {
  const v = raw
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/^[¥\\]/, '')
    .replace(/円$/, '');
  if (AMOUNT_RE.test(v)) {
    const digits = v.replaceAll(',', '').replace(/^0+(?=\d)/, '');
    if (digits.length > 16 || !Number.isSafeInteger(Number(digits))) return bad('range');
    return ok(Number(digits));
  }
  const units = AMOUNT_UNITS_RE.exec(v);
  if (!units || (units[1] === undefined && units[2] === undefined)) return bad('format');
  const [oku, man, rest] = [groupValue(units[1]), groupValue(units[2]), groupValue(units[3])];
  if (rest > 9999 || (units[1] !== undefined && man > 9999)) return bad('format');
  const value = oku * 100_000_000 + man * 10_000 + rest;
  return Number.isSafeInteger(value) ? ok(value) : bad('range');
}

/** The Japanese eras since the Gregorian calendar, newest first: first day of year 1 (元年). */
const ERAS = [
  { names: ['令和', 'R'], start: '2019-05-01' },
  { names: ['平成', 'H'], start: '1989-01-08' },
  { names: ['昭和', 'S'], start: '1926-12-25' },
  { names: ['大正', 'T'], start: '1912-07-30' },
  { names: ['明治', 'M'], start: '1868-01-25' },
] as const;

const pad = (n: string) => n.padStart(2, '0');

const isCalendarDay = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
};

/** An era's year (元 = 1) as its Gregorian date, checked to lie inside the era. */
function fromEra(eraIndex: number, year: string, month: string, day: string): TParsed<string> {
  const era = ERAS[eraIndex]!;
  const n = year === '元' ? 1 : Number(year);
  if (n < 1) return bad('range');
  const iso = `${Number(era.start.slice(0, 4)) + n - 1}-${pad(month)}-${pad(day)}`;
  if (!isCalendarDay(iso)) return bad('range');
  const next = eraIndex > 0 ? ERAS[eraIndex - 1]!.start : null;
  if (iso < era.start || (next !== null && iso >= next)) return bad('range');
  return ok(iso);
}

const ERA_RE = new RegExp(
  `^(${ERAS.flatMap((e) => e.names).join('|')})(元|\\d{1,2})(?:年(\\d{1,2})月(\\d{1,2})日?|[./-](\\d{1,2})[./-](\\d{1,2}))$`,
  'i',
);

/**
 * A calendar day as `YYYY-MM-DD`: `2026-04-01`, `2026/4/1`, `2026.4.1`, `2026年4月1日`, `20260401`,
 * `令和8年4月1日`, `令和元年5月1日`, `R8.4.1`, `H31/4/30`. `range` = no such day (2月30日, 平成32年).
 */
export function parseDateInput(raw: string): TParsed<string> {
  const v = raw.normalize('NFKC').replace(/\s+/g, '');
  const western = /^(\d{4})(?:[-/.](\d{1,2})[-/.](\d{1,2})|年(\d{1,2})月(\d{1,2})日?)$/.exec(v);
  if (western) {
    const [, y, m1, d1, m2, d2] = western;
    const iso = `${y}-${pad(m1 ?? m2!)}-${pad(d1 ?? d2!)}`;
    return isCalendarDay(iso) ? ok(iso) : bad('range');
  }
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (compact) {
    const iso = `${compact[1]}-${compact[2]}-${compact[3]}`;
    return isCalendarDay(iso) ? ok(iso) : bad('range');
  }
  const era = ERA_RE.exec(v);
  if (era) {
    const [, name, year, m1, d1, m2, d2] = era;
    const index = ERAS.findIndex((e) =>
      (e.names as readonly string[]).includes(name!.length === 1 ? name!.toUpperCase() : name!),
    );
    return fromEra(index, year!, m1 ?? m2!, d1 ?? d2!);
  }
  return bad('format');
}

/**
 * An email as typed: NFKC turns full-width letters, digits and ＠ into ASCII and the result is trimmed and
 * lower-cased. `format` = something not ASCII remains (a kana, a full-width space inside): the message
 * for it is 「半角で入力してください」.
 */
export function normalizeEmailInput(raw: string): TParsed<string> {
  const v = raw.normalize('NFKC').trim().toLowerCase();
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(v) ? ok(v) : bad('format');
}

/**
 * フリガナ in full-width katakana: hiragana and half-width kana become katakana, spaces fold to one
 * full-width space. `format` = anything else (kanji, Latin letters, digits).
 */
export function normalizeFuriganaInput(raw: string): TParsed<string> {
  const v = raw
    .normalize('NFKC')
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/\s+/g, '\u3000')
    .replace(/^\u3000|\u3000$/g, '');
  return /^[\u30a1-\u30fa\u30fc\u30fd\u30fe\u3000]*$/.test(v) ? ok(v) : bad('format');
}

/** For zod `preprocess`: the parsed value when the text parses, otherwise the text (the schema then refuses it). */
export const preprocessWith =
  <T>(parse: (raw: string) => TParsed<T>) =>
  (input: unknown): unknown => {
    if (typeof input !== 'string') return input;
    const r = parse(input);
    return r.ok ? r.value : input;
  };

/** An Excel workbook dropped where a CSV is expected: what the admin should do instead. */
export const MSG_EXCEL_FILE =
  'Excel形式のファイルです。Excelで『CSV UTF-8（コンマ区切り）』または『CSV（コンマ区切り）』で保存し直してください。';

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * Whether the first bytes of a file are an Excel workbook: `.xlsx` is a zip (PK\x03\x04) whose entries sit
 * under `xl/` (their names are in the local headers, within the first few kilobytes); `.xls` is an OLE2
 * compound file. A CSV never starts with either.
 */
export function isExcelFileStart(bytes: Uint8Array): boolean {
  if (startsWith(bytes, OLE2)) return true;
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return false;
  const head = Array.from(bytes.subarray(0, 65_536), (b) => String.fromCharCode(b)).join('');
  return head.includes('xl/') || head.includes('[Content_Types].xml');
}
