import type { TBulkManipulation } from '@cloudsign/contract';
import { BulkRowsPanel, type RowFilter } from '../../../components/bulk/index.ts';
import { useRows } from '../api/manipulations.ts';
import { MEMBER_ROWS_SPEC } from './rows-table.tsx';

export function RowsPanel({
  m,
  initialFilter,
}: {
  m: TBulkManipulation;
  initialFilter: RowFilter;
}) {
  return (
    <BulkRowsPanel m={m} initialFilter={initialFilter} spec={MEMBER_ROWS_SPEC} useRows={useRows} />
  );
}
