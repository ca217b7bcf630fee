import { useState } from 'react';
import { Group, Loader } from '@mantine/core';
import type { TBulkManipulation, TBulkRowsQuery } from '@cloudsign/contract';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { useRows } from '../api/manipulations.ts';
import { RowsTable, type RowFilter } from './rows-table.tsx';

const PER_PAGE = 50;

export function RowsPanel({ m, initialFilter }: { m: TBulkManipulation; initialFilter: RowFilter }) {
  const [filter, setFilter] = useState<RowFilter>(initialFilter);
  const [page, setPage] = useState(1);
  const q: Partial<TBulkRowsQuery> = {
    page,
    perPage: PER_PAGE,
    ...(filter === 'failed' ? { outcome: 'failed' } : filter === 'all' ? {} : { action: filter }),
  };
  // Rows exist once the check has stored them; refetched when the run's status or progress moves.
  const rows = useRows(m.id, { ...q }, m.status >= 3);
  if (rows.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label="読み込み中" />
      </Group>
    );
  }
  if (rows.isError) return <PanelError onRetry={() => void rows.refetch()} />;
  return (
    <RowsTable
      columns={m.columns}
      rows={rows.data.rows}
      total={rows.data.total}
      page={page}
      perPage={PER_PAGE}
      filter={filter}
      onFilter={(f) => {
        setFilter(f);
        setPage(1);
      }}
      onPage={setPage}
      isExecuted={m.counts.succeeded !== undefined}
    />
  );
}
