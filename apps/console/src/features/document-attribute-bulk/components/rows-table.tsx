import {
  DOCUMENT_ATTRIBUTE_CSV,
  type TBulkAction,
  type TBulkManipulation,
  type TBulkRow,
} from '@cloudsign/contract';
import {
  BulkCell,
  BulkRowsPanel,
  type RowFilter,
  type RowsTableSpec,
} from '../../../components/bulk/index.ts';
import { useRows } from '../api/manipulations.ts';

const ACTION_COLORS: Record<string, string> = {
  update: 'blue',
  unchanged: 'gray',
  error: 'red',
  conflict: 'orange',
};
const ACTION_TEXT: Partial<Record<TBulkAction, string>> = { update: '変更あり' };

/** A cell: before → after when the row changes it, its errors (and the conflict) in place. */
function Cell({ row, column }: { row: TBulkRow; column: string }) {
  const after = row.after?.[column];
  const prior = row.before?.[column];
  const change =
    typeof after === 'string' ? { before: typeof prior === 'string' ? prior : '', after } : null;
  const isConflict = row.action === 'conflict' && column === DOCUMENT_ATTRIBUTE_CSV.updatedAt;
  return <BulkCell row={row} column={column} change={change} isConflict={isConflict} />;
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
  renderCell: (row, column) => <Cell key={column} row={row} column={column} />,
};

/** The checked rows, paged and filterable: the diff per cell with errors and conflicts on their cells. */
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
