import { Fragment, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  BULK_ACTION_LABELS,
  BULK_OUTCOME_LABELS,
  type TBulkAction,
  type TBulkRow,
} from '@cloudsign/contract';
import { RowDetail } from './row-detail.tsx';
import { rowSummary, type ColumnValue } from './row-summary.ts';

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
          {rows.map((r) => {
            const isOpen = open.has(r.rowNumber);
            const values = columns.map((c) => spec.value(r, c));
            const summary = rowSummary(r, values);
            return (
              <Fragment key={r.rowNumber}>
                <Table.Tr data-testid="bulk-row" data-action={r.action}>
                  <Table.Td>{r.rowNumber}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge
                        size="sm"
                        variant="light"
                        color={spec.actionColors[r.action] ?? 'gray'}
                      >
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
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid="row-subject">
                    {r.subject ?? '—'}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid="row-summary">
                    {summary.map((s) => (
                      <Text
                        key={s.text}
                        size="sm"
                        c={
                          s.tone === 'error'
                            ? 'red.7'
                            : s.tone === 'conflict'
                              ? // The theme's readable orange text (accessible-colors.ts); shade 8 is 3.6:1 on white.
                                'orange'
                              : undefined
                        }
                        role={s.tone === 'change' || s.tone === 'plain' ? undefined : 'alert'}
                      >
                        {s.text}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => toggle(r.rowNumber)}
                      aria-expanded={isOpen}
                      aria-label={`${r.rowNumber}行目の全項目を${isOpen ? '閉じる' : '表示'}`}
                    >
                      {isOpen ? '▲' : '▼'}
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
                {isOpen && (
                  <Table.Tr data-testid="bulk-row-detail">
                    <Table.Td colSpan={5} bg="gray.0">
                      <RowDetail row={r} columns={columns} values={values} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
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
