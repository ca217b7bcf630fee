import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';
import { ZBulkKind, ZBulkStatus } from './enums.ts';

/**
 * The generic bulk machinery (docs/design.md §3; reused by document-attribute bulk edit): one
 * manipulation per run, one row per data line of the uploaded file.
 */
export const BULK_ACTIONS = ['add', 'update', 'delete', 'unchanged', 'error', 'conflict'] as const;
export const ZBulkAction = z.enum(BULK_ACTIONS);
export type TBulkAction = z.infer<typeof ZBulkAction>;
export const BULK_ACTION_LABELS: Record<TBulkAction, string> = {
  add: '追加',
  update: '更新',
  delete: '削除',
  unchanged: '変更なし',
  error: 'エラー',
  conflict: '競合',
};

export const BULK_OUTCOMES = ['pending', 'succeeded', 'failed', 'skipped'] as const;
export const ZBulkOutcome = z.enum(BULK_OUTCOMES);
export const BULK_OUTCOME_LABELS: Record<z.infer<typeof ZBulkOutcome>, string> = {
  pending: '未処理',
  succeeded: '成功',
  failed: '失敗',
  skipped: '対象外',
};

/** File limits (docs/design.md §3), stated on the upload pages and enforced by the server. */
export const BULK_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const BULK_MAX_DATA_ROWS = 300_000;

/** Output encodings offered for templates and exports (CS lets the user choose). */
export const CSV_ENCODINGS = ['sjis', 'utf8bom'] as const;
export const ZCsvEncoding = z.enum(CSV_ENCODINGS, {
  message: '文字コードは sjis または utf8bom を指定してください。',
});
export type TCsvEncoding = z.infer<typeof ZCsvEncoding>;
export const CSV_ENCODING_LABELS: Record<TCsvEncoding, string> = {
  sjis: 'Shift_JIS（Excel 向け）',
  utf8bom: 'UTF-8（BOM 付き）',
};
export const ZEncodingQuery = z.object({ encoding: ZCsvEncoding.default('sjis') });

export const ZBulkCellError = z.object({ column: z.string(), message: z.string() });
export type TBulkCellError = z.infer<typeof ZBulkCellError>;

export const ZBulkFileError = z.object({
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TBulkFileError = z.infer<typeof ZBulkFileError>;

export const ZBulkManipulation = z.object({
  id: ZId,
  kind: ZBulkKind,
  status: ZBulkStatus,
  encoding: ZCsvEncoding,
  originalFilename: z.string().nullable(),
  /** The uploaded file's headers, in file order (row inputs are keyed by them). */
  columns: z.array(z.string()),
  hasInputFile: z.boolean(),
  hasOutputFile: z.boolean(),
  fileError: ZBulkFileError.nullable(),
  /** Rows per action after the check; rows per outcome after execution (`succeeded`, `failed`). */
  counts: z.record(z.string(), z.number().int()),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  createdBy: z.object({ id: ZId.nullable(), name: z.string() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type TBulkManipulation = z.infer<typeof ZBulkManipulation>;

export const ZBulkManipulationResponse = z.object({ manipulation: ZBulkManipulation });
export type TBulkManipulationResponse = z.infer<typeof ZBulkManipulationResponse>;

export const ZBulkManipulationList = z.object({
  manipulations: z.array(ZBulkManipulation),
  total: z.number().int(),
});
export type TBulkManipulationList = z.infer<typeof ZBulkManipulationList>;

const ZPerPage = z.coerce
  .number({ message: '件数は数値で指定してください。' })
  .int({ message: '件数は整数で指定してください。' })
  .min(1, { message: '件数は1以上で指定してください。' })
  .max(500, { message: '件数は500以下で指定してください。' });
const ZPageFrom1 = z.coerce
  .number({ message: 'ページ番号は数値で指定してください。' })
  .int({ message: 'ページ番号は整数で指定してください。' })
  .min(1, { message: 'ページ番号は1以上で指定してください。' });

export const ZBulkManipulationListQuery = z.object({
  page: ZPageFrom1.default(1),
  perPage: ZPerPage.default(20),
  kind: z.coerce.number().int().min(1).max(5).optional(),
});
export type TBulkManipulationListQuery = z.infer<typeof ZBulkManipulationListQuery>;

/** One run; `kind` asks for a run of that kind only (a run of another kind answers 404, as a wrong URL). */
export const ZBulkManipulationQuery = z.object({
  kind: z.coerce.number().int().min(1).max(5).optional(),
});
export type TBulkManipulationQuery = z.infer<typeof ZBulkManipulationQuery>;

export const ZBulkStatusResponse = z.object({
  id: ZId,
  status: ZBulkStatus,
  processedRows: z.number().int(),
  totalRows: z.number().int(),
});
export type TBulkStatusResponse = z.infer<typeof ZBulkStatusResponse>;

export const ZBulkRow = z.object({
  rowNumber: z.number().int(),
  action: ZBulkAction,
  targetId: ZId.nullable(),
  /** Who or what the row is about in words (a member's 氏名, a document's 管理用タイトル); null when unknown. */
  subject: z.string().nullable(),
  input: z.record(z.string(), z.string()),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  errors: z.array(ZBulkCellError),
  outcome: ZBulkOutcome,
  outcomeMessage: z.string().nullable(),
});
export type TBulkRow = z.infer<typeof ZBulkRow>;

/** Rows of one manipulation: `action=error` lists the rows with errors; `outcome=failed` the failed ones. */
export const ZBulkRowsQuery = z.object({
  page: ZPageFrom1.default(1),
  perPage: ZPerPage.default(50),
  action: ZBulkAction.optional(),
  outcome: ZBulkOutcome.optional(),
});
export type TBulkRowsQuery = z.infer<typeof ZBulkRowsQuery>;
export const ZBulkRowsResponse = z.object({ rows: z.array(ZBulkRow), total: z.number().int() });
export type TBulkRowsResponse = z.infer<typeof ZBulkRowsResponse>;

export const ZBulkUpdateBody = strictRequestBody({
  action: z.enum(['execute', 'cancel'], {
    message: 'action は execute または cancel を指定してください。',
  }),
});
export type TBulkUpdateBody = z.infer<typeof ZBulkUpdateBody>;

/** The column names every result CSV appends to the input columns (docs/design.md §3 "Result"). */
export const BULK_RESULT_COLUMN = '結果';
export const BULK_ERROR_COLUMN = 'エラー';
export const BULK_ROW_NUMBER_COLUMN = '行番号';
