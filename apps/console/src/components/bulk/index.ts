export {
  BulkCounts,
  CountTiles,
  executedTiles,
  JobProgress,
  RunProgress,
  StatusBadge,
} from './run-summary.tsx';
export { fmt, formatDateTime } from './labels.ts';
export { CsvUpload } from './csv-upload.tsx';
export { EncodingChoice } from './encoding-choice.tsx';
export { type RowFilter, type RowsTableSpec } from './rows-table.tsx';
export { type ColumnValue, EMPTY } from './row-summary.ts';
export { BulkRowsPanel } from './rows-panel.tsx';
export { BulkRunView, type BulkRunApi, type BulkRunSpec } from './run-view.tsx';
export { BulkHistoryTable, type HistoryColumn } from './history-table.tsx';
export { JobStatus } from './job-status.tsx';
