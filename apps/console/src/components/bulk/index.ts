export { BulkCounts, CountTiles, executedTiles, RunProgress, StatusBadge } from './run-summary.tsx';
export { fmt, formatDateTime } from './labels.ts';
export { CsvUpload } from './csv-upload.tsx';
export { BulkCell, type RowFilter, type RowsTableSpec } from './rows-table.tsx';
export { BulkRowsPanel } from './rows-panel.tsx';
export { BulkRunView, type BulkRunApi, type BulkRunSpec } from './run-view.tsx';
export { BulkHistoryTable, type HistoryColumn } from './history-table.tsx';
