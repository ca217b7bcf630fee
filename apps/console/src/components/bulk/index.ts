export {
  CountTiles,
  executedTiles,
  RunProgress,
  StatusBadge,
  type CountTile,
} from './run-summary.tsx';
export { STATUS_COLORS, fmt, formatDateTime, statusLabel } from './labels.ts';
export { CsvUpload } from './csv-upload.tsx';
export { BulkCell, BulkRowsTable, type RowFilter, type RowsTableSpec } from './rows-table.tsx';
export { BulkRowsPanel } from './rows-panel.tsx';
