import {
  MEMBER_CSV,
  MEMBER_ROLE_COLUMNS,
  memberUseState,
  type TBulkRow,
  type TMemberBulkValues,
} from '@cloudsign/contract';
import type { ColumnValue, RowFilter, RowsTableSpec } from '../../../components/bulk/index.ts';
import { formatDateTimeSeconds } from '../../../lib/format.ts';

const ACTION_COLORS: Record<string, string> = {
  add: 'teal',
  update: 'blue',
  delete: 'orange',
  unchanged: 'gray',
  error: 'red',
};

const KEY_COLUMNS: readonly string[] = [MEMBER_CSV.id, MEMBER_CSV.updatedAt];

/** What a column shows of a member's values, so an edit row can show before → after per cell. */
function display(column: string, v: TMemberBulkValues | null): string | null {
  if (!v) return null;
  if (column === MEMBER_CSV.email) return v.email;
  if (column === MEMBER_CSV.name) return v.name;
  if (column === MEMBER_CSV.furigana) return v.furigana ?? '';
  if (column === MEMBER_CSV.organization) return v.organization;
  if (column === MEMBER_CSV.groups) return v.groups.map((g) => g.name).join(';');
  // Kept exact by the check (ISO); shown as the file writes it.
  if (column === MEMBER_CSV.updatedAt)
    return v.updatedAt ? formatDateTimeSeconds(v.updatedAt) : null;
  if (column === MEMBER_CSV.status) return v.status === undefined ? null : memberUseState(v.status);
  if (column === MEMBER_CSV.successor) return v.transfer ? transferText(v.transfer) : null;
  const role = MEMBER_ROLE_COLUMNS.find((r) => r.column === column);
  if (role) return v.roles.includes(role.role) ? 'あり' : 'なし';
  return null;
}

/** What moves where when the member is deleted (the check counted it). */
function transferText(t: NonNullable<TMemberBulkValues['transfer']>): string {
  const what = [
    t.cabinets > 0 ? `キャビネット${t.cabinets}件の管理者` : '',
    t.documents > 0 ? `書類${t.documents}件` : '',
  ].filter(Boolean);
  if (!t.to) return what.length === 0 ? '移管なし' : '';
  const to = t.to.name ? `${t.to.name}（${t.to.email}）` : t.to.email;
  return what.length === 0 ? `${to}（移管するものなし）` : `${what.join('・')} → ${to}`;
}

/** A privilege cell as the file wrote it, in the words the checked rows use (1 → あり, 0/blank → なし). */
function fromFile(column: string, raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!MEMBER_ROLE_COLUMNS.some((r) => r.column === column)) return raw.trim() || null;
  const v = raw.normalize('NFKC').trim();
  if (v === '1' || v === 'あり') return 'あり';
  if (v === '0' || v === 'なし' || v === '') return 'なし';
  return raw;
}

function value(row: TBulkRow, column: string): ColumnValue {
  const before = row.before as TMemberBulkValues | null;
  const after = row.after as TMemberBulkValues | null;
  const isKey = KEY_COLUMNS.includes(column);
  const now = display(column, before) ?? (before ? fromFile(column, row.input[column]) : null);
  if (row.action === 'delete') return { column, before: now, after: null, isChanged: false, isKey };
  // A row refused before it was read against the member: the file's cells, in the same words.
  const next =
    display(column, after) ?? (isKey && before ? now : fromFile(column, row.input[column]));
  const isChanged = before !== null && after !== null && !isKey && now !== next;
  return { column, before: now, after: next, isChanged, isKey };
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

/** Member rows: action, the member's name, what changes or why the row fails. */
export const MEMBER_ROWS_SPEC: RowsTableSpec = {
  filters: FILTERS,
  actionColors: ACTION_COLORS,
  subjectLabel: '氏名',
  value,
};
