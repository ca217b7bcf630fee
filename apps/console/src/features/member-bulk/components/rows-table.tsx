import { Badge, Box, Group, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import {
  BULK_ACTION_LABELS,
  BULK_OUTCOME_LABELS,
  MEMBER_CSV,
  MEMBER_ROLE_COLUMNS,
  type TBulkAction,
  type TBulkRow,
  type TMemberBulkValues,
} from '@cloudsign/contract';

const ACTION_COLORS: Record<string, string> = { add: 'teal', update: 'blue', delete: 'orange', unchanged: 'gray', error: 'red' };

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
  const isChanged = row.action === 'update' && before !== null && after !== null && before !== after;
  return (
    <Table.Td bg={errors.length > 0 ? 'red.0' : isChanged ? 'blue.0' : undefined} maw={320} data-column={column} data-has-error={errors.length > 0 || undefined}>
      {isChanged ? (
        <Text size="sm">
          <Text span c="dimmed" td="line-through">{before || '（空欄）'}</Text> → <Text span fw={700}>{after || '（空欄）'}</Text>
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

export type RowFilter = 'all' | TBulkAction | 'failed';

const FILTERS: { value: RowFilter; label: string }[] = [
  { value: 'all', label: 'すべて' },
  { value: 'error', label: 'エラー' },
  { value: 'add', label: '追加' },
  { value: 'update', label: '更新' },
  { value: 'delete', label: '削除' },
  { value: 'unchanged', label: '変更なし' },
  { value: 'failed', label: '実行に失敗' },
];

/** The checked rows, paged: action, the input cells with before → after and their errors in place. */
export function RowsTable(props: {
  columns: string[];
  rows: TBulkRow[];
  total: number;
  page: number;
  perPage: number;
  filter: RowFilter;
  onFilter: (f: RowFilter) => void;
  onPage: (p: number) => void;
  isExecuted: boolean;
}) {
  const { columns, rows, total, page, perPage, filter } = props;
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        value={filter}
        onChange={(v) => props.onFilter(v as RowFilter)}
        data={FILTERS.filter((f) => props.isExecuted || f.value !== 'failed')}
        aria-label="表示する行"
        w="fit-content"
      />
      <Box style={{ overflowX: 'auto' }}>
        <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm" aria-label="チェック結果の行" style={{ minWidth: 'max-content' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>行</Table.Th>
              <Table.Th miw={120}>結果</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c} style={{ whiteSpace: 'nowrap' }}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.rowNumber} data-testid="bulk-row" data-action={r.action}>
                <Table.Td>{r.rowNumber}</Table.Td>
                <Table.Td miw={120} maw={260}>
                  <Group gap={4} wrap="nowrap">
                    <Badge size="sm" variant="light" color={ACTION_COLORS[r.action] ?? 'gray'}>{BULK_ACTION_LABELS[r.action]}</Badge>
                    {(r.outcome === 'succeeded' || r.outcome === 'failed') && (
                      <Badge size="sm" variant="outline" color={r.outcome === 'failed' ? 'red' : 'green'}>{BULK_OUTCOME_LABELS[r.outcome]}</Badge>
                    )}
                  </Group>
                  {r.errors.filter((e) => !columns.includes(e.column)).map((e) => (
                    <Text key={e.message} size="xs" c="red.7" role="alert">{e.message}</Text>
                  ))}
                  {r.outcomeMessage && <Text size="xs" c="red.7">{r.outcomeMessage}</Text>}
                </Table.Td>
                {columns.map((c) => (
                  <Cell key={c} row={r} column={c} />
                ))}
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}>
                  <Text c="dimmed" ta="center" py="md">該当する行はありません。</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Box>
      {total > perPage && <Pagination total={Math.ceil(total / perPage)} value={page} onChange={props.onPage} size="sm" aria-label="行のページ" />}
    </Stack>
  );
}
