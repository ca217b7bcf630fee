/**
 * 電子帳簿保存法's search requirements (施行規則 §2⑥六, §4①: 取引年月日・取引金額・取引先; 日付と金額は範囲;
 * 二つ以上の記録項目の組み合わせ), each with the search that shows it: the document list's own URL conditions,
 * or 詳細検索 with the period filled in when the admin has not typed the item to search by.
 */
import type { TDocumentDateFilterKey } from '@cloudsign/contract';

export type TaxAuditInputs = {
  dateField: TDocumentDateFilterKey;
  from: string;
  to: string;
  counterparty?: string;
  amountFrom?: number;
  amountTo?: number;
};

export type Requirement = { key: string; label: string; how: string; href: string };

const LIST = '/company/documents';
const SEARCH = '/company/documents/search';

const href = (path: string, keys: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(keys)) if (v !== undefined && v !== '') q.set(k, String(v));
  return `${path}?${q.toString()}`;
};

export function taxAuditRequirements(i: TaxAuditInputs): Requirement[] {
  const period = { [`${i.dateField}From`]: i.from, [`${i.dateField}To`]: i.to };
  const amount = { amountFrom: i.amountFrom, amountTo: i.amountTo };
  const hasAmount = i.amountFrom !== undefined || i.amountTo !== undefined;
  const hasCounterparty = !!i.counterparty;
  return [
    {
      key: 'date',
      label: '取引年月日その他の日付の範囲指定',
      how: '契約締結日・契約開始日・契約終了日・解約通知期限・送信日のそれぞれで、期間を指定して検索できます。',
      href: href(LIST, period),
    },
    {
      key: 'amount',
      label: '取引金額の範囲指定',
      how: '取引金額の下限と上限を指定して検索できます。',
      href: hasAmount ? href(LIST, { ...period, ...amount }) : href(SEARCH, period),
    },
    {
      key: 'counterparty',
      label: '取引先による検索',
      how: '取引先を部分一致または完全一致で検索できます（旧字・異体字も同じ字として探します）。',
      href: hasCounterparty
        ? href(LIST, { ...period, counterparty: i.counterparty })
        : href(SEARCH, period),
    },
    {
      key: 'combined',
      label: '二つ以上の記録項目を組み合わせた条件',
      how: '日付・取引金額・取引先などの条件を、いくつでも組み合わせて検索できます。',
      href:
        hasAmount || hasCounterparty
          ? href(LIST, { ...period, ...amount, counterparty: i.counterparty })
          : href(SEARCH, period),
    },
  ];
}

/** The API's body for the inputs: the period, and the conditions the admin typed. */
export function scopeOf(i: TaxAuditInputs) {
  const conditions: Record<string, string> = {};
  if (i.counterparty) conditions.counterparty = i.counterparty;
  if (i.amountFrom !== undefined) conditions.amountFrom = String(i.amountFrom);
  if (i.amountTo !== undefined) conditions.amountTo = String(i.amountTo);
  return { period: { dateField: i.dateField, from: i.from, to: i.to }, conditions };
}
