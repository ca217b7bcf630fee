import type { ReactNode } from 'react';
import { Badge, Box, Group, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import {
  BULK_ACTION_LABELS,
  BULK_OUTCOME_LABELS,
  type TBulkAction,
  type TBulkRow,
} from '@cloudsign/contract';

export type RowFilter = 'all' | TBulkAction | 'failed';

/** A bulk area's wording and colours for its row actions, and how it draws one input cell. */
export type RowsTableSpec = {
  filters: readonly { value: RowFilter; label: string }[];
  actionColors: Readonly<Record<string, string>>;
  actionText?: Partial<Record<TBulkAction, string>>;
  renderCell: (row: TBulkRow, column: string) => ReactNode;
};

/**
 * The checked rows of a bulk run, paged and filterable: row number, action (and after execution its
 * outcome), then the file's own columns as the area draws them, with errors on their cells.
 */
export function BulkRowsTable(props: {
  spec: RowsTableSpec;
  columns: readonly string[];
  rows: readonly TBulkRow[];
  total: number;
  page: number;
  perPage: number;
  filter: RowFilter;
  onFilter: (f: RowFilter) => void;
  onPage: (p: number) => void;
  isExecuted: boolean;
}) {
  const { spec, columns, rows, total, page, perPage, filter } = props;
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        value={filter}
        onChange={(v) => props.onFilter(v as RowFilter)}
        data={spec.filters.filter((f) => props.isExecuted || f.value !== 'failed')}
        aria-label="表示する行"
        w="fit-content"
      />
      {/* Wide tables scroll sideways: the region takes focus so the keyboard can scroll it too. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="行の一覧">
        <Table
          withTableBorder
          withColumnBorders
          verticalSpacing={6}
          fz="sm"
          aria-label="チェック結果の行"
          style={{ minWidth: 'max-content' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>行</Table.Th>
              <Table.Th miw={120}>結果</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c} style={{ whiteSpace: 'nowrap' }}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.rowNumber} data-testid="bulk-row" data-action={r.action}>
                <Table.Td>{r.rowNumber}</Table.Td>
                <Table.Td miw={120} maw={260}>
                  <Group gap={4} wrap="nowrap">
                    <Badge size="sm" variant="light" color={spec.actionColors[r.action] ?? 'gray'}>
                      {spec.actionText?.[r.action] ?? BULK_ACTION_LABELS[r.action]}
                    </Badge>
                    {(r.outcome === 'succeeded' || r.outcome === 'failed') && (
                      <Badge
                        size="sm"
                        variant="outline"
                        color={r.outcome === 'failed' ? 'red' : 'green'}
                      >
                        {BULK_OUTCOME_LABELS[r.outcome]}
                      </Badge>
                    )}
                  </Group>
                  {/* Errors of columns the file does not have (e.g. a missing required column) show here. */}
                  {r.errors
                    .filter((e) => !columns.includes(e.column))
                    .map((e) => (
                      <Text key={e.message} size="xs" c="red.7" role="alert">
                        {e.message}
                      </Text>
                    ))}
                  {r.outcomeMessage && (
                    <Text size="xs" c="red.7">
                      {r.outcomeMessage}
                    </Text>
                  )}
                </Table.Td>
                {columns.map((c) => spec.renderCell(r, c))}
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}>
                  <Text c="dimmed" ta="center" py="md">
                    該当する行はありません。
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Box>
      {total > perPage && (
        <Pagination
          total={Math.ceil(total / perPage)}
          value={page}
          onChange={props.onPage}
          size="sm"
          aria-label="行のページ"
        />
      )}
    </Stack>
  );
}

/**
 * One input cell of a checked row: before → after when the row changes it, else what the file says; the
 * cell's errors in place (a conflict in orange).
 */
export function BulkCell({
  row,
  column,
  change,
  isConflict = false,
}: {
  row: TBulkRow;
  column: string;
  change: { before: string; after: string } | null;
  isConflict?: boolean;
}) {
  const errors = row.errors.filter((e) => e.column === column);
  const bg =
    errors.length > 0 ? (isConflict ? 'orange.0' : 'red.0') : change ? 'blue.0' : undefined;
  return (
    <Table.Td
      bg={bg}
      maw={320}
      data-column={column}
      data-changed={change ? true : undefined}
      data-has-error={errors.length > 0 || undefined}
    >
      {change ? (
        <Text size="sm">
          <Text span c="dimmed" td="line-through">
            {change.before || '（空欄）'}
          </Text>{' '}
          →{' '}
          <Text span fw={700}>
            {change.after || '（空欄）'}
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
