import { BULK_STATUS_LABELS, BulkStatus, type TBulkManipulation } from '@cloudsign/contract';

export const statusLabel = (m: TBulkManipulation) => (m.status === BulkStatus.Invalid ? '取り消し' : (BULK_STATUS_LABELS[m.status] ?? '不明'));

export const STATUS_COLORS: Record<number, string> = { 0: 'gray', 1: 'blue', 2: 'blue', 3: 'red', 4: 'teal', 5: 'blue', 6: 'green', 7: 'orange' };

export const resultPath = (id: string) => `/company/documents/attributes/bulk_edit/${id}/checked_result`;
export const HISTORY_PATH = '/company/documents/attributes/bulk_manipulations';
export const UPLOAD_PATH = '/company/documents/attributes/bulk_edit/upload';

/** The four counts of a checked result (issue 7), keyed by the row actions. */
export const COUNT_LABELS = [
  { key: 'update', label: '変更あり', isAlert: false },
  { key: 'unchanged', label: '変更なし', isAlert: false },
  { key: 'error', label: 'エラー', isAlert: true },
  { key: 'conflict', label: '競合', isAlert: true },
] as const;

export const formatDateTime = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
    : '—';

export const fmt = (n: number) => n.toLocaleString('ja-JP');
