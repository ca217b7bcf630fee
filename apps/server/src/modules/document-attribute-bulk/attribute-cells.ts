/**
 * Cell rules of the attribute CSV (docs/design.md §2, §4). Every cell parses to its normalised text (what the
 * download writes for the same value), so "changed" is a plain comparison with the current value's text.
 */
import {
  AUTO_UPDATE_CSV_LABELS,
  DOCUMENT_ATTRIBUTE_CSV,
  DOCUMENT_OPTION_VALUE_MAX,
  DOCUMENT_TEXT_MAX,
  parseAmountInput,
  parseDateInput,
  textProblem,
  type TBulkCellError,
} from '@cloudsign/contract';
import { jstTimestamp } from '../../lib/time/jst.ts';
import { parseVersionCell, type CellVersion } from '../../bulk/version-cell.ts';
import { dateText } from './attribute-values.ts';

const C = DOCUMENT_ATTRIBUTE_CSV;

export const CELL_MSG = {
  idRequired: '書類IDを入力してください。',
  idFormat:
    '書類IDの形式が正しくありません。ダウンロードしたCSVの値を変更せずにアップロードしてください。',
  versionRequired:
    '更新日時を入力してください。ダウンロードしたCSVの値を変更せずにアップロードしてください。',
  versionFormat:
    '更新日時の形式が正しくありません。ダウンロードしたCSVの値を変更せずにアップロードしてください。',
  dateFormat: (label: string) =>
    `${label}は 2026/04/01、2026/4/1、令和8年4月1日 のような日付で入力してください。`,
  dateMissing: (label: string) => `${label}に存在しない日付が入力されています。`,
  autoUpdate: `${C.autoUpdate}は 指定なし・あり・なし、または 0・1・2 で入力してください。`,
  amountFormat: `${C.amount}は0以上の整数で入力してください（例: 1000、1,000、1000円）。`,
  amountTooLarge: `${C.amount}が大きすぎます。`,
  textTooLong: (label: string, max: number, n: number) =>
    `${label}は${max}文字以内で入力してください（現在${n}文字）。`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function parseDocumentId(raw: string, errors: TBulkCellError[]): string | null {
  const v = raw.trim().toLowerCase();
  if (v === '') errors.push({ column: C.id, message: CELL_MSG.idRequired });
  else if (!UUID.test(v)) errors.push({ column: C.id, message: CELL_MSG.idFormat });
  else return v;
  return null;
}

/** 更新日時 as downloaded, at the precision the file kept (bulk/version-cell.ts); required. */
export function parseVersion(raw: string, errors: TBulkCellError[]): CellVersion | null {
  if (raw.trim() === '') {
    errors.push({ column: C.updatedAt, message: CELL_MSG.versionRequired });
    return null;
  }
  const v = parseVersionCell(raw);
  if (!v) errors.push({ column: C.updatedAt, message: CELL_MSG.versionFormat });
  return v;
}

/**
 * The exact instant a checked row keeps in `before[更新日時]`, which execution compares under locks: the file is
 * read at its own precision at the check, the check's read exactly after it.
 */
export const formatVersion = jstTimestamp;

/**
 * A day as people type it (`2026/4/1`, `2026-04-01`, `令和8年4月1日`: contract japanese-input.ts), or as a
 * spreadsheet program re-saves the written `2026/04/01` (`2026/4/1`); blank = ''. Answers the written form
 * (attribute-values.ts `dateText`), so every spelling of an unchanged day compares equal.
 */
export function parseDate(raw: string, label: string, errors: TBulkCellError[]): string | null {
  if (raw.normalize('NFKC').trim() === '') return '';
  const r = parseDateInput(raw);
  if (r.ok) return dateText(r.value);
  errors.push({
    column: label,
    message: r.reason === 'range' ? CELL_MSG.dateMissing(label) : CELL_MSG.dateFormat(label),
  });
  return null;
}

/** 指定なし/あり/なし or 0/1/2; blank = 指定なし. Answers the label. */
export function parseAutoUpdate(raw: string, errors: TBulkCellError[]): string | null {
  const v = raw.normalize('NFKC').trim();
  if (v === '') return AUTO_UPDATE_CSV_LABELS[0];
  if ((AUTO_UPDATE_CSV_LABELS as readonly string[]).includes(v)) return v;
  if (/^[012]$/.test(v)) return AUTO_UPDATE_CSV_LABELS[Number(v)]!;
  errors.push({ column: C.autoUpdate, message: CELL_MSG.autoUpdate });
  return null;
}

/** Integer yen: `1000`, `1,000`, `１，０００`, `1000円`; blank = ''. Answers the digits. */
export function parseAmount(raw: string, errors: TBulkCellError[]): string | null {
  if (raw.normalize('NFKC').trim() === '') return '';
  const r = parseAmountInput(raw);
  if (r.ok) return String(r.value);
  errors.push({
    column: C.amount,
    message: r.reason === 'range' ? CELL_MSG.amountTooLarge : CELL_MSG.amountFormat,
  });
  return null;
}

/** Text attributes and user-defined items: kept as written (trimmed), ≤500 characters, one line (text.ts). */
export function parseText(
  raw: string,
  label: string,
  errors: TBulkCellError[],
  max = DOCUMENT_TEXT_MAX,
): string | null {
  const v = raw.trim();
  const n = v.length;
  if (n > max) {
    errors.push({ column: label, message: CELL_MSG.textTooLong(label, max, n) });
    return null;
  }
  const problem = textProblem(v, label);
  if (problem) {
    errors.push({ column: label, message: problem });
    return null;
  }
  return v;
}

export const parseOptionValue = (raw: string, name: string, errors: TBulkCellError[]) =>
  parseText(raw, name, errors, DOCUMENT_OPTION_VALUE_MAX);
