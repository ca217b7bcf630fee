export { fmt, formatDateTime } from '../../../components/bulk/index.ts';

export const resultPath = (id: string) =>
  `/company/documents/attributes/bulk_edit/${id}/checked_result`;
export const HISTORY_PATH = '/company/documents/attributes/bulk_manipulations';
export const UPLOAD_PATH = '/company/documents/attributes/bulk_edit/upload';

/** The four counts of a checked result, keyed by the row actions. */
export const COUNT_LABELS = [
  { key: 'update', label: '変更あり', isAlert: false },
  { key: 'unchanged', label: '変更なし', isAlert: false },
  { key: 'error', label: 'エラー', isAlert: true },
  { key: 'conflict', label: '競合', isAlert: true },
] as const;
