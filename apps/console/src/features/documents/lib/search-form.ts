import {
  DOCUMENT_DATE_KEYS,
  parseAmountInput,
  parseDateInput,
  type TDocumentListQuery,
} from '@cloudsign/contract';
import { parseOptions } from './list-query.ts';
import { toAmountField, toDateField } from './format.ts';

export const DATE_LABELS: Record<(typeof DOCUMENT_DATE_KEYS)[number], string> = {
  contractAt: '契約締結日',
  validityStartAt: '契約開始日',
  validityEndAt: '契約終了日',
  validityEndNoticeAt: '解約通知期限',
  sentAt: '送信日',
};

export type SearchValues = Record<string, string> & {
  statuses: string[];
  blanks: string[];
  isCounterpartyExact: boolean;
  options: Record<string, string>;
};

const AMOUNT_KEYS: readonly string[] = ['amountFrom', 'amountTo'];
const DATE_FIELD_KEYS: readonly string[] = DOCUMENT_DATE_KEYS.flatMap((k) => [
  `${k}From`,
  `${k}To`,
]);

/** A condition of the list put back into its field: amounts and days as the list shows them (1,000,000, 2026/04/01). */
function toField(key: string, v: unknown): string {
  if (v === undefined) return '';
  if (AMOUNT_KEYS.includes(key)) return toAmountField(v as number);
  if (DATE_FIELD_KEYS.includes(key)) return toDateField(v as string);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

const DATE_HINT = '2026/4/1、2026-04-01、令和8年4月1日 のように入力してください。';
const AMOUNT_HINT = '1000000、1,000,000、1000000円 のように入力してください。';

/** Dates and amounts as typed (contract japanese-input.ts): the field and its message when one does not parse. */
export function typedProblems(v: SearchValues): [string, string][] {
  const out: [string, string][] = [];
  for (const k of DOCUMENT_DATE_KEYS)
    for (const [end, word] of [
      ['From', 'から'],
      ['To', 'まで'],
    ] as const) {
      const raw = v[`${k}${end}`] ?? '';
      if (raw.trim() === '') continue;
      const r = parseDateInput(raw);
      if (!r.ok)
        out.push([
          `${k}${end}`,
          r.reason === 'range'
            ? `${DATE_LABELS[k]}（${word}）に存在しない日付が入力されています。`
            : `${DATE_LABELS[k]}（${word}）は${DATE_HINT}`,
        ]);
    }
  for (const [k, label] of [
    ['amountFrom', '取引金額（円以上）'],
    ['amountTo', '取引金額（円以下）'],
  ] as const) {
    const raw = v[k] ?? '';
    if (raw.trim() !== '' && !parseAmountInput(raw).ok) out.push([k, `${label}は${AMOUNT_HINT}`]);
  }
  return out;
}

/** The form's starting values from the list's conditions (the open document and the page are not conditions). */
export function searchValuesOf(query: TDocumentListQuery): SearchValues {
  const {
    status,
    blank,
    counterpartyMatch,
    options: optionJson,
    documentId: _open,
    page: _page,
    ...rest
  } = query;
  return {
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, toField(k, v)])),
    statuses: status ? status.split(',') : [],
    blanks: blank ? blank.split(',') : [],
    isCounterpartyExact: counterpartyMatch === 'exact',
    options: parseOptions(optionJson),
  } as SearchValues;
}

/** The list's conditions from the form: empty fields left out, lists joined, back at page 1. */
export function queryOfSearch(v: SearchValues): Partial<TDocumentListQuery> {
  const { statuses, blanks, isCounterpartyExact, options: opts, ...fields } = v;
  const cleanOptions = Object.fromEntries(
    Object.entries(opts ?? {}).filter(([, x]) => x.trim() !== ''),
  );
  return {
    ...(Object.fromEntries(
      Object.entries(fields).filter(([, x]) => x !== ''),
    ) as Partial<TDocumentListQuery>),
    status: statuses.length > 0 ? statuses.join(',') : undefined,
    blank: blanks.length > 0 ? blanks.join(',') : undefined,
    counterpartyMatch: isCounterpartyExact && fields.counterparty ? 'exact' : undefined,
    options: Object.keys(cleanOptions).length > 0 ? JSON.stringify(cleanOptions) : undefined,
    page: 1,
  };
}
