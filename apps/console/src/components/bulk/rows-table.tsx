import { useState } from 'react';
import { Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { TBulkAction, TBulkRow } from '@cloudsign/contract';
import type { ColumnValue } from './row-summary.ts';
import { BulkRowsTableRow } from './rows-table-row.tsx';

export type RowFilter = 'all' | TBulkAction | 'failed';

/** A bulk area's wording and colours for its row actions, and how it reads one column of a row. */
export type RowsTableSpec = {
  filters: readonly { value: RowFilter; label: string }[];
  actionColors: Readonly<Record<string, string>>;
  actionText?: Partial<Record<TBulkAction, string>>;
  /** The heading of the column naming the row's person or document (氏名, タイトル). */
  subjectLabel: string;
  /** One column of a row as words, the same way in every row (権限: あり/なし, empty: null). */
  value: (row: TBulkRow, column: string) => ColumnValue;
};

/**
 * The checked rows of a bulk run, paged and filterable, readable at 1280 px without scrolling sideways:
 * row number, result, who or what the row is about, and what changes or why it fails, in words. The
 * full before → after of every column opens under the row.
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
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (n: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    });
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
      <Table
        withTableBorder
        verticalSpacing={6}
        fz="sm"
        aria-label="チェック結果の行"
        layout="fixed"
        w="100%"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>行</Table.Th>
            <Table.Th w={150}>結果</Table.Th>
            <Table.Th w="24%">{spec.subjectLabel}</Table.Th>
            <Table.Th>内容</Table.Th>
            <Table.Th w={52}>
              <Text span size="xs" c="dimmed">
                詳細
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <BulkRowsTableRow
              key={r.rowNumber}
              row={r}
              spec={spec}
              columns={columns}
              isOpen={open.has(r.rowNumber)}
              onToggle={toggle}
            />
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" ta="center" py="md">
                  該当する行はありません。
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
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
