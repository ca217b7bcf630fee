import { useState } from 'react';
import { Badge, Box, Group, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { BULK_ACTION_LABELS, BULK_OUTCOME_LABELS, DOCUMENT_ATTRIBUTE_CSV, type TBulkAction, type TBulkManipulation, type TBulkRow } from '@cloudsign/contract';
import { useRows } from '../api/manipulations.ts';

const ACTION_COLORS: Record<string, string> = { update: 'blue', unchanged: 'gray', error: 'red', conflict: 'orange' };
const ACTION_TEXT: Partial<Record<TBulkAction, string>> = { update: '変更あり' };

/** A cell: before → after when the row changes it, its errors (and the conflict) in place. */
function Cell({ row, column }: { row: TBulkRow; column: string }) {
  const errors = row.errors.filter((e) => e.column === column);
  const after = row.after?.[column];
  const isChanged = typeof after === 'string';
  const prior = row.before?.[column];
  const before = isChanged && typeof prior === 'string' ? prior : '';
  const isConflict = row.action === 'conflict' && column === DOCUMENT_ATTRIBUTE_CSV.updatedAt;
  const bg = errors.length > 0 ? (isConflict ? 'orange.0' : 'red.0') : isChanged ? 'blue.0' : undefined;
  return (
    <Table.Td bg={bg} maw={320} data-column={column} data-changed={isChanged || undefined} data-has-error={errors.length > 0 || undefined}>
      {isChanged ? (
        <Text size="sm">
          <Text span c="dimmed" td="line-through">{before || '（空欄）'}</Text> → <Text span fw={700}>{after || '（空欄）'}</Text>
        </Text>
      ) : (
        <Text size="sm">{row.input[column] ?? ''}</Text>
      )}
      {errors.map((e) => (
        <Text key={e.message} size="xs" c={isConflict ? 'orange.8' : 'red.7'} role="alert">{e.message}</Text>
      ))}
    </Table.Td>
  );
}

type Filter = 'all' | TBulkAction | 'failed';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'すべて' },
  { value: 'update', label: '変更あり' },
  { value: 'error', label: 'エラー' },
  { value: 'conflict', label: '競合' },
  { value: 'unchanged', label: '変更なし' },
  { value: 'failed', label: '反映できなかった' },
];
const PER_PAGE = 50;

/** The checked rows, paged and filterable: the diff per cell with errors and conflicts on their cells. */
export function RowsTable({ m }: { m: TBulkManipulation }) {
  const isExecuted = m.counts.succeeded !== undefined;
  const [filter, setFilter] = useState<Filter>((m.counts.error ?? 0) > 0 ? 'error' : 'all');
  const [page, setPage] = useState(1);
  const q = { page, perPage: PER_PAGE, ...(filter === 'all' ? {} : filter === 'failed' ? { outcome: 'failed' as const } : { action: filter }) };
  const rows = useRows(m.id, q, true);
  const columns = m.columns;
  const data = rows.data;
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        value={filter}
        onChange={(v) => {
          setFilter(v as Filter);
          setPage(1);
        }}
        data={FILTERS.filter((f) => isExecuted || f.value !== 'failed')}
        aria-label="表示する行"
        w="fit-content"
      />
      <Box style={{ overflowX: 'auto' }}>
        <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm" aria-label="チェック結果の行" style={{ minWidth: 'max-content' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>行</Table.Th>
              <Table.Th miw={120}>結果</Table.Th>
              {columns.map((c) => <Table.Th key={c} style={{ whiteSpace: 'nowrap' }}>{c}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data?.rows ?? []).map((r) => (
              <Table.Tr key={r.rowNumber} data-testid="bulk-row" data-action={r.action}>
                <Table.Td>{r.rowNumber}</Table.Td>
                <Table.Td miw={120} maw={260}>
                  <Group gap={4} wrap="nowrap">
                    <Badge size="sm" variant="light" color={ACTION_COLORS[r.action] ?? 'gray'}>{ACTION_TEXT[r.action] ?? BULK_ACTION_LABELS[r.action]}</Badge>
                    {(r.outcome === 'succeeded' || r.outcome === 'failed') && (
                      <Badge size="sm" variant="outline" color={r.outcome === 'failed' ? 'red' : 'green'}>{BULK_OUTCOME_LABELS[r.outcome]}</Badge>
                    )}
                  </Group>
                  {r.errors.filter((e) => !columns.includes(e.column)).map((e) => <Text key={e.message} size="xs" c="red.7" role="alert">{e.message}</Text>)}
                  {r.outcomeMessage && <Text size="xs" c="red.7">{r.outcomeMessage}</Text>}
                </Table.Td>
                {columns.map((c) => <Cell key={c} row={r} column={c} />)}
              </Table.Tr>
            ))}
            {data && data.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}><Text c="dimmed" ta="center" py="md">該当する行はありません。</Text></Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Box>
      {data && data.total > PER_PAGE && <Pagination total={Math.ceil(data.total / PER_PAGE)} value={page} onChange={setPage} size="sm" aria-label="行のページ" />}
    </Stack>
  );
}
