import { Table, Text } from '@mantine/core';
import {
  DOCUMENT_ATTRIBUTE_CSV,
  type TBulkAction,
  type TBulkManipulation,
  type TBulkRow,
} from '@cloudsign/contract';
import {
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
  const errors = row.errors.filter((e) => e.column === column);
  const after = row.after?.[column];
  const isChanged = typeof after === 'string';
  const prior = row.before?.[column];
  const before = isChanged && typeof prior === 'string' ? prior : '';
  const isConflict = row.action === 'conflict' && column === DOCUMENT_ATTRIBUTE_CSV.updatedAt;
  const bg =
    errors.length > 0 ? (isConflict ? 'orange.0' : 'red.0') : isChanged ? 'blue.0' : undefined;
  return (
    <Table.Td
      bg={bg}
      maw={320}
      data-column={column}
      data-changed={isChanged || undefined}
      data-has-error={errors.length > 0 || undefined}
    >
      {isChanged ? (
        <Text size="sm">
          <Text span c="dimmed" td="line-through">
            {before || '（空欄）'}
          </Text>{' '}
          →{' '}
          <Text span fw={700}>
            {after || '（空欄）'}
          </Text>
        </Text>
      ) : (
        <Text size="sm">{row.input[column] ?? ''}</Text>
      )}
      {errors.map((e) => (
        <Text key={e.message} size="xs" c={isConflict ? 'orange.8' : 'red.7'} role="alert">
          {e.message}
        </Text>
      ))}
    </Table.Td>
  );
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
