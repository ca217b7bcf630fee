import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  isBulkChecked,
  type TBulkManipulation,
  type TBulkRowsQuery,
  type TBulkRowsResponse,
} from '@cloudsign/contract';
import { BulkRowsTable, type RowFilter, type RowsTableSpec } from './rows-table.tsx';
import { QueryFallback } from '../query-fallback/query-fallback.tsx';

const PER_PAGE = 50;

/** The rows of a run with their filter and page, loaded through the area's `useRows`. */
export function BulkRowsPanel({
  m,
  initialFilter,
  spec,
  useRows,
}: {
  m: TBulkManipulation;
  initialFilter: RowFilter;
  spec: RowsTableSpec;
  useRows: (
    id: string,
    q: Partial<TBulkRowsQuery>,
    isEnabled: boolean,
  ) => UseQueryResult<TBulkRowsResponse>;
}) {
  const [filter, setFilter] = useState<RowFilter>(initialFilter);
  const [page, setPage] = useState(1);
  const q: Partial<TBulkRowsQuery> = {
    page,
    perPage: PER_PAGE,
    ...(filter === 'failed' ? { outcome: 'failed' } : filter === 'all' ? {} : { action: filter }),
  };
  // Rows exist once the check has stored them.
  const rows = useRows(m.id, q, isBulkChecked(m.status));
  if (!rows.isSuccess) return <QueryFallback query={rows} />;
  return (
    <BulkRowsTable
      spec={spec}
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
