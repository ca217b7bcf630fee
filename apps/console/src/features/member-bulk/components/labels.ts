import { BulkKind, type TBulkManipulation } from '@cloudsign/contract';

export { fmt, formatDateTime } from '../../../components/bulk/index.ts';

export const KIND_LABELS: Record<number, string> = {
  [BulkKind.Add]: '一括追加',
  [BulkKind.Edit]: '一括編集',
  [BulkKind.Delete]: '一括削除',
  [BulkKind.Export]: 'エクスポート',
  [BulkKind.GenerateEditTemplate]: '編集用CSVの作成',
};

/** Where a run is looked at: previews for uploads, their own pages for generated CSVs. */
export function manipulationPath(m: TBulkManipulation): string {
  if (m.kind === BulkKind.Export) return `/company/members/export/${m.id}`;
  if (m.kind === BulkKind.GenerateEditTemplate)
    return `/company/members/bulk_edit/csv_template/${m.id}`;
  return `/company/members/bulk_manipulations/${m.id}`;
}

export const previewPath = (m: TBulkManipulation) => {
  const kind =
    m.kind === BulkKind.Add ? 'bulk_add' : m.kind === BulkKind.Edit ? 'bulk_edit' : 'bulk_delete';
  return `/company/members/${kind}/${m.id}/preview`;
};
