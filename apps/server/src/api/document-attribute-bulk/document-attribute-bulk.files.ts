/** Server-chosen download names (never from the request): Japanese for people, ASCII for old clients. */
const NAMES = {
  download: ['書類情報一括編集用', 'document_attributes'],
  errors: ['書類情報一括編集_エラー', 'document_attribute_bulk_errors'],
  result: ['書類情報一括編集_結果', 'document_attribute_bulk_result'],
  upload: ['書類情報一括編集_アップロードファイル', 'document_attribute_bulk_upload'],
} as const;

/** Stamped in JST, as the admin reads the time. */
function stamp(d: Date): string {
  const j = new Date(d.getTime() + 9 * 3600 * 1000).toISOString();
  return `${j.slice(0, 10).replaceAll('-', '')}-${j.slice(11, 16).replace(':', '')}`;
}

export function attributeCsvNames(kind: keyof typeof NAMES, at: Date) {
  const [ja, ascii] = NAMES[kind];
  return { ja: `${ja}_${stamp(at)}.csv`, ascii: `${ascii}_${stamp(at)}.csv` };
}
