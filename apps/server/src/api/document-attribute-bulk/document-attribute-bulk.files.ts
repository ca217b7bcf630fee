import { jstFileStamp } from '../../lib/time/jst.ts';

/** Server-chosen download names (never from the request): Japanese for people, ASCII for old clients. */
const NAMES = {
  download: ['書類情報一括編集用', 'document_attributes'],
  errors: ['書類情報一括編集_エラー', 'document_attribute_bulk_errors'],
  result: ['書類情報一括編集_結果', 'document_attribute_bulk_result'],
  upload: ['書類情報一括編集_アップロードファイル', 'document_attribute_bulk_upload'],
} as const;

export function attributeCsvNames(kind: keyof typeof NAMES, at: Date) {
  const [ja, ascii] = NAMES[kind];
  return { ja: `${ja}_${jstFileStamp(at)}.csv`, ascii: `${ascii}_${jstFileStamp(at)}.csv` };
}
