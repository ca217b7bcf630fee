import {
  MEMBER_CSV,
  MEMBER_ROLE_COLUMNS,
  type TBulkRow,
  type TMemberBulkValues,
} from '@cloudsign/contract';
import { BulkCell, type RowFilter, type RowsTableSpec } from '../../../components/bulk/index.ts';

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
  const before = display(column, row.before as TMemberBulkValues | null);
  const after = display(column, row.after as TMemberBulkValues | null);
  const isChanged =
    row.action === 'update' && before !== null && after !== null && before !== after;
  return <BulkCell row={row} column={column} change={isChanged ? { before, after } : null} />;
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
