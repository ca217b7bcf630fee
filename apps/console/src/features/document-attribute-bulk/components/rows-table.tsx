import {
  DOCUMENT_ATTRIBUTE_CSV,
  type TBulkAction,
  type TBulkManipulation,
  type TBulkRow,
} from '@cloudsign/contract';
import {
  BulkRowsPanel,
  type ColumnValue,
  type RowFilter,
  type RowsTableSpec,
} from '../../../components/bulk/index.ts';
import { formatCount } from '../../../lib/format.ts';
import { useRows } from '../api/manipulations.ts';

const ACTION_COLORS: Record<string, string> = {
  update: 'blue',
  unchanged: 'gray',
  error: 'red',
  conflict: 'orange',
};
const ACTION_TEXT: Partial<Record<TBulkAction, string>> = { update: '変更あり' };
const KEY_COLUMNS: readonly string[] = [
  DOCUMENT_ATTRIBUTE_CSV.id,
  DOCUMENT_ATTRIBUTE_CSV.updatedAt,
];

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** The check stores amounts as digits; people read them as 5,100,000円, as on the document list. */
function shownAs(column: string, v: string | null): string | null {
  if (v === null || column !== DOCUMENT_ATTRIBUTE_CSV.amount || !/^\d+$/.test(v)) return v;
  return `${formatCount(Number(v))}円`;
}

/**
 * A column: before → after when the row changes it (both normalised by the check: dates 2026/04/01, amounts
 * as digits), else what the file says, unchanged.
 */
function value(row: TBulkRow, column: string): ColumnValue {
  const isKey = KEY_COLUMNS.includes(column);
  const after = shownAs(column, text(row.after?.[column]));
  if (after !== null)
    return {
      column,
      before: shownAs(column, text(row.before?.[column])),
      after,
      isChanged: true,
      isKey,
    };
  const v = shownAs(column, row.input[column]?.trim() || null);
  return { column, before: v, after: v, isChanged: false, isKey };
}

const FILTERS: { value: RowFilter; label: string }[] = [
  { value: 'all', label: 'すべて' },
  { value: 'update', label: '変更あり' },
  { value: 'error', label: 'エラー' },
  { value: 'conflict', label: '競合' },
  { value: 'unchanged', label: '変更なし' },
  { value: 'failed', label: '反映できなかった' },
];

const SPEC: RowsTableSpec = {
  filters: FILTERS,
  actionColors: ACTION_COLORS,
  actionText: ACTION_TEXT,
  subjectLabel: 'タイトル',
  value,
};

/** The checked rows, paged and filterable: the document's title, what changes or why it fails. */
export function RowsTable({ m }: { m: TBulkManipulation }) {
  return (
    <BulkRowsPanel
      m={m}
      initialFilter={(m.counts.error ?? 0) > 0 ? 'error' : 'all'}
      spec={SPEC}
      useRows={useRows}
    />
  );
}
