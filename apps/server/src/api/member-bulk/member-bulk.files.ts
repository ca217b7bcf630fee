/** Server-chosen download names (never from the request): Japanese for people, ASCII for old clients. */
const NAMES = {
  addTemplate: ['メンバー一括追加テンプレート', 'member_bulk_add_template'],
  deleteTemplate: ['メンバー一括削除テンプレート', 'member_bulk_delete_template'],
  editTemplate: ['メンバー一括編集用', 'member_bulk_edit'],
  export: ['メンバー一覧', 'members'],
  errors: ['メンバー一括操作_エラー', 'member_bulk_errors'],
  result: ['メンバー一括操作_結果', 'member_bulk_result'],
  upload: ['メンバー一括操作_アップロードファイル', 'member_bulk_upload'],
} as const;

/** Stamped in JST, as the admin reads the time. */
function stamp(d: Date): string {
  const j = new Date(d.getTime() + 9 * 3600 * 1000).toISOString();
  return `${j.slice(0, 10).replaceAll('-', '')}-${j.slice(11, 16).replace(':', '')}`;
}

export function csvFileNames(kind: keyof typeof NAMES, at: Date) {
  const [ja, ascii] = NAMES[kind];
  return { ja: `${ja}_${stamp(at)}.csv`, ascii: `${ascii}_${stamp(at)}.csv` };
}
