import { BULK_STATUS_LABELS, BulkStatus, type TBulkManipulation } from '@cloudsign/contract';

/** Labels shared by every bulk area (member bulk, attribute bulk edit). */
export const statusLabel = (m: TBulkManipulation) =>
  m.status === BulkStatus.Invalid ? '取り消し' : (BULK_STATUS_LABELS[m.status] ?? '不明');

export const STATUS_COLORS: Record<number, string> = {
  [BulkStatus.Invalid]: 'gray',
  [BulkStatus.Uploaded]: 'blue',
  [BulkStatus.Checking]: 'blue',
  [BulkStatus.CheckFailed]: 'red',
  [BulkStatus.Ready]: 'teal',
  [BulkStatus.Processing]: 'blue',
  [BulkStatus.Succeeded]: 'green',
  [BulkStatus.ProcessedWithError]: 'orange',
};

export { formatDateTime, formatCount as fmt } from '../../lib/format.ts';
