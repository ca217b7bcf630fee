import { Table, Text } from '@mantine/core';
import {
  MEMBER_CSV,
  MEMBER_ROLE_COLUMNS,
  type TBulkRow,
  type TMemberBulkValues,
} from '@cloudsign/contract';
import type { RowFilter, RowsTableSpec } from '../../../components/bulk/index.ts';

const ACTION_COLORS: Record<string, string> = {
  add: 'teal',
  update: 'blue',
  delete: 'orange',
  unchanged: 'gray',
  error: 'red',
};

/** What a column shows of a member's values, so an edit row can show before → after per cell. */
function display(column: string, v: TMemberBulkValues | null): string | null {
  if (!v) return null;
  if (column === MEMBER_CSV.email) return v.email;
  if (column === MEMBER_CSV.name) return v.name;
  if (column === MEMBER_CSV.organization) return v.organization;
  if (column === MEMBER_CSV.groups) return v.groups.map((g) => g.name).join(';');
  const role = MEMBER_ROLE_COLUMNS.find((r) => r.column === column);
  if (role) return v.roles.includes(role.role) ? 'あり' : 'なし';
  return null;
}

function Cell({ row, column }: { row: TBulkRow; column: string }) {
  const errors = row.errors.filter((e) => e.column === column);
  const before = display(column, row.before as TMemberBulkValues | null);
  const after = display(column, row.after as TMemberBulkValues | null);
  const isChanged =
    row.action === 'update' && before !== null && after !== null && before !== after;
  return (
    <Table.Td
      bg={errors.length > 0 ? 'red.0' : isChanged ? 'blue.0' : undefined}
      maw={320}
      data-column={column}
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
        <Text key={e.message} size="xs" c="red.7" role="alert">
          {e.message}
        </Text>
      ))}
    </Table.Td>
  );
}

const FILTERS: { value: RowFilter; label: string }[] = [
  { value: 'all', label: 'すべて' },
  { value: 'error', label: 'エラー' },
  { value: 'add', label: '追加' },
  { value: 'update', label: '更新' },
  { value: 'delete', label: '削除' },
  { value: 'unchanged', label: '変更なし' },
  { value: 'failed', label: '実行に失敗' },
];

/** Member rows: action, the input cells with before → after and their errors in place. */
export const MEMBER_ROWS_SPEC: RowsTableSpec = {
  filters: FILTERS,
  actionColors: ACTION_COLORS,
  renderCell: (row, column) => <Cell key={column} row={row} column={column} />,
};
