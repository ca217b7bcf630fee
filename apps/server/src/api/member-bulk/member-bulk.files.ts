import { jstFileStamp } from '../../lib/time/jst.ts';

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

export function csvFileNames(kind: keyof typeof NAMES, at: Date) {
  const [ja, ascii] = NAMES[kind];
  return { ja: `${ja}_${jstFileStamp(at)}.csv`, ascii: `${ascii}_${jstFileStamp(at)}.csv` };
}
