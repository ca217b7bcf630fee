import { BULK_STATUS_LABELS, BulkKind, BulkStatus, type TBulkManipulation } from '@cloudsign/contract';

export const KIND_LABELS: Record<number, string> = {
  [BulkKind.Add]: '一括追加',
  [BulkKind.Edit]: '一括編集',
  [BulkKind.Delete]: '一括削除',
  [BulkKind.Export]: 'エクスポート',
  [BulkKind.GenerateEditTemplate]: '編集用CSVの作成',
};

export const statusLabel = (m: TBulkManipulation) => (m.status === BulkStatus.Invalid ? '取り消し' : (BULK_STATUS_LABELS[m.status] ?? '不明'));

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

/** Where a run is looked at: previews for uploads, their own pages for generated CSVs. */
export function manipulationPath(m: TBulkManipulation): string {
  if (m.kind === BulkKind.Export) return `/company/members/export/${m.id}`;
  if (m.kind === BulkKind.GenerateEditTemplate) return `/company/members/bulk_edit/csv_template/${m.id}`;
  return `/company/members/bulk_manipulations/${m.id}`;
}

export const previewPath = (m: TBulkManipulation) => {
  const kind = m.kind === BulkKind.Add ? 'bulk_add' : m.kind === BulkKind.Edit ? 'bulk_edit' : 'bulk_delete';
  return `/company/members/${kind}/${m.id}/preview`;
};

export const formatDateTime = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
    : '—';

export const fmt = (n: number) => n.toLocaleString('ja-JP');
