import { BULK_STATUS_LABELS, BulkStatus, type TBulkManipulation } from '@cloudsign/contract';

/** Labels shared by every bulk area (member bulk, attribute bulk edit). */
export const statusLabel = (m: TBulkManipulation) =>
  m.status === BulkStatus.Invalid ? '取り消し' : (BULK_STATUS_LABELS[m.status] ?? '不明');

export const STATUS_COLORS: Record<number, string> = {
  0: 'gray',
  1: 'blue',
  2: 'blue',
  3: 'red',
  4: 'teal',
  5: 'blue',
  6: 'green',
  7: 'orange',
};

export { formatDateTime, formatCount as fmt } from '../../lib/format.ts';
