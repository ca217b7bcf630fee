import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { BULK_ACTION_LABELS, BULK_OUTCOME_LABELS, type TBulkRow } from '@cloudsign/contract';
import { RowDetail } from './row-detail.tsx';
import { rowSummary } from './row-summary.ts';
import type { RowsTableSpec } from './rows-table.tsx';

/** One checked row: number, result badges, subject, what changes or why it fails; its every column when open. */
export function BulkRowsTableRow({
  row: r,
  spec,
  columns,
  isOpen,
  onToggle,
}: {
  row: TBulkRow;
  spec: RowsTableSpec;
  columns: readonly string[];
  isOpen: boolean;
  onToggle: (rowNumber: number) => void;
}) {
  const values = columns.map((c) => spec.value(r, c));
  const summary = rowSummary(r, values);
  return (
    <>
      <Table.Tr data-testid="bulk-row" data-action={r.action}>
        <Table.Td>{r.rowNumber}</Table.Td>
        <Table.Td>
          <Group gap={4}>
            <Badge size="sm" variant="light" color={spec.actionColors[r.action] ?? 'gray'}>
              {spec.actionText?.[r.action] ?? BULK_ACTION_LABELS[r.action]}
            </Badge>
            {(r.outcome === 'succeeded' || r.outcome === 'failed') && (
              <Badge size="sm" variant="outline" color={r.outcome === 'failed' ? 'red' : 'green'}>
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
            onClick={() => onToggle(r.rowNumber)}
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
    </>
  );
}
