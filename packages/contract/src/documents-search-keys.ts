/** What the document search sorts and filters by, and how messages name each condition in Japanese. */

/** Sortable keys: every date, the amount and the title. */
export const DOCUMENT_SORT_KEYS = [
  'updatedAt',
  'createdAt',
  'sentAt',
  'concludedAt',
  'contractAt',
  'validityStartAt',
  'validityEndAt',
  'validityEndNoticeAt',
  'amount',
  'title',
] as const;
export type TDocumentSortKey = (typeof DOCUMENT_SORT_KEYS)[number];
export const DOCUMENT_SORT_LABELS: Record<TDocumentSortKey, string> = {
  updatedAt: '更新日時',
  createdAt: '作成日時',
  sentAt: '送信日時',
  concludedAt: '締結日時',
  contractAt: '契約締結日',
  validityStartAt: '契約開始日',
  validityEndAt: '契約終了日',
  validityEndNoticeAt: '解約通知期限',
  amount: '取引金額',
  title: 'タイトル',
};

/** Date conditions: the four date attributes and the sent date, each with `<key>From` / `<key>To`. */
export const DOCUMENT_DATE_FILTER_KEYS = [
  'contractAt',
  'validityStartAt',
  'validityEndAt',
  'validityEndNoticeAt',
  'sentAt',
] as const;
export type TDocumentDateFilterKey = (typeof DOCUMENT_DATE_FILTER_KEYS)[number];

export const DATE_FILTER_LABELS: Record<TDocumentDateFilterKey, string> = {
  contractAt: '契約締結日',
  validityStartAt: '契約開始日',
  validityEndAt: '契約終了日',
  validityEndNoticeAt: '解約通知期限',
  sentAt: '送信日',
};
/**
 * 書類情報 items a search may ask to be 未入力 (blank): the nullable attributes (docs/design.md §4). 自動更新の有無
 * has its own 「指定なし」 value and the user-defined items their own condition, so neither is here.
 */
export const DOCUMENT_BLANK_KEYS = [
  'title',
  'counterparty',
  'contractAt',
  'validityStartAt',
  'validityEndAt',
  'validityEndNoticeAt',
  'localId',
  'amount',
] as const;
export type TDocumentBlankKey = (typeof DOCUMENT_BLANK_KEYS)[number];
export const DOCUMENT_BLANK_LABELS: Record<TDocumentBlankKey, string> = {
  title: '管理用タイトル',
  counterparty: '取引先',
  contractAt: '契約締結日',
  validityStartAt: '契約開始日',
  validityEndAt: '契約終了日',
  validityEndNoticeAt: '解約通知期限',
  localId: '管理番号',
  amount: '取引金額',
};

/** How messages name a condition: its Japanese label, never the query key (the key stays in `path`). */
export const documentConditionLabel = (key: string): string => {
  const m = /^(\w+?)(From|To)$/.exec(key);
  if (m && m[1] && m[1] in DATE_FILTER_LABELS)
    return `${DATE_FILTER_LABELS[m[1] as TDocumentDateFilterKey]}（${m[2] === 'From' ? 'から' : 'まで'}）`;
  if (key === 'amountFrom') return '取引金額（から）';
  if (key === 'amountTo') return '取引金額（まで）';
  if (key.startsWith('option.')) return '任意の項目';
  return CONDITION_LABELS[key] ?? key;
};
const CONDITION_LABELS: Record<string, string> = {
  keyword: 'キーワード',
  status: 'ステータス',
  cabinetId: 'キャビネット',
  sender: '送信者',
  autoUpdate: '自動更新の有無',
  localId: '管理番号',
  counterparty: '取引先',
  counterpartyMatch: '取引先の一致方法',
  blank: '未入力の項目',
  sort: '並び順',
  order: '並び順の向き',
  page: 'ページ',
  perPage: '1ページの件数',
};
