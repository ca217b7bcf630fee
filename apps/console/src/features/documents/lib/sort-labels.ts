import {
  DOCUMENT_SORT_LABELS,
  type DOCUMENT_SORTS,
  type TDocumentSortKey,
} from '@cloudsign/contract';

type UrlSort = (typeof DOCUMENT_SORTS)[number];

/** `-contractAt` → 「契約締結日（新しい順）」; amounts read 大きい/小さい順, titles 降順/昇順. */
export function sortLabel(sort: UrlSort): string {
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as TDocumentSortKey;
  const dir =
    key === 'amount'
      ? desc
        ? '大きい順'
        : '小さい順'
      : key === 'title'
        ? desc
          ? '降順'
          : '昇順'
        : desc
          ? '新しい順'
          : '古い順';
  return `${DOCUMENT_SORT_LABELS[key]}（${dir}）`;
}
