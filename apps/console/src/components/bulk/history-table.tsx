import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Progress, Table, Text } from '@mantine/core';
import { BulkStatus, isBulkBusy, type TBulkManipulation } from '@cloudsign/contract';
import { formatDateTime } from './labels.ts';
import { StatusBadge } from './run-summary.tsx';

export type HistoryColumn = { header: string; cell: (m: TBulkManipulation) => ReactNode };

/** Status, with a bar while a job works on the run (its share of rows once it executes). */
function StatusCell({ m }: { m: TBulkManipulation }) {
  const isRunning = isBulkBusy(m.status) && m.status !== BulkStatus.Uploaded;
  const ratio =
    m.status === BulkStatus.Processing && m.totalRows > 0
      ? (m.processedRows / m.totalRows) * 100
      : 100;
  return (
    <>
      <StatusBadge m={m} />
      {isRunning && <Progress mt={6} value={ratio} animated striped aria-label="進み具合" />}
    </>
  );
}

/**
 * Every run of a bulk target, newest first: 日時 (linked to the run), the target's columns, 状態 with
 * progress, 件数, 実行者, then the target's trailing columns.
 */
export function BulkHistoryTable({
  label,
  manipulations,
  pathOf,
  lead,
  counts,
  trail = [],
}: {
  label: string;
  manipulations: readonly TBulkManipulation[];
  pathOf: (m: TBulkManipulation) => string;
  lead: HistoryColumn;
  counts: (m: TBulkManipulation) => string;
  trail?: readonly HistoryColumn[];
}) {
  const navigate = useNavigate();
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={label} highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>日時</Table.Th>
          <Table.Th>{lead.header}</Table.Th>
          <Table.Th>状態</Table.Th>
          <Table.Th>件数</Table.Th>
          <Table.Th>実行者</Table.Th>
          {trail.map((c) => (
            <Table.Th key={c.header}>{c.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {manipulations.map((m) => (
          // The whole row opens the run; the date stays a real link for the keyboard and screen readers, and
          // the row's own buttons (downloads) keep their click.
          <Table.Tr
            key={m.id}
            data-testid="history-row"
            style={{ cursor: 'pointer' }}
            onClick={(e) => {
              if ((e.target as HTMLElement).closest('a, button')) return;
              void navigate(pathOf(m));
            }}
          >
            {/* One line: at 1280 px the date wrapped between day and time (glossary: counts and dates never break). */}
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Anchor component={Link} to={pathOf(m)}>
                {formatDateTime(m.createdAt)}
              </Anchor>
            </Table.Td>
            <Table.Td>{lead.cell(m)}</Table.Td>
            <Table.Td miw={160}>
              <StatusCell m={m} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{counts(m) || '—'}</Text>
            </Table.Td>
            {/* A name is never broken mid-name (「管理 太」/「郎」): one line, shortened with 「…」, whole in its title. */}
            <Table.Td maw={200}>
              <Text size="sm" truncate title={m.createdBy.name}>
                {m.createdBy.name}
              </Text>
            </Table.Td>
            {trail.map((c) => (
              <Table.Td key={c.header}>{c.cell(m)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
