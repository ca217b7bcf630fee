/** The audit-log area's calls (server: modules/audit-log; console: features/audit-log). */
import { z } from 'zod';
import {
  ZAuditEvent,
  ZAuditExportRequest,
  ZFindAuditEventsQuery,
  ZFindAuditEventsResponse,
} from './audit-log.ts';
import { ZBulkManipulationResponse, ZBulkStatusResponse, ZCsvEncoding } from './bulk.ts';
import { ZIdParams, strictRequestBody } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * The company's chain head: its newest event's number and hash, with that event's time. `anchor` is the same
 * as one line (`<companyId>:<seq>:<hash>`) to keep outside the product: `npm run audit:verify -- --anchor`
 * later finds events cut from the end since it was taken. Null before the company's first event.
 */
export const ZAuditChainHead = z.object({
  seq: z.number().int(),
  hash: z.string(),
  occurredAt: z.string().nullable(),
  anchor: z.string(),
});
export type TAuditChainHead = z.infer<typeof ZAuditChainHead>;

const ZDay = (label: string) =>
  z
    .string({ message: `${label}を入力してください。` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}はYYYY-MM-DDの形式で入力してください。` })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+09:00`)), {
      message: `${label}の日付が正しくありません。`,
    });

/**
 * 訂正削除履歴 (電子帳簿保存法): every change of the documents' 書類情報 in a period of JST days (by hand and
 * by the attribute CSV), read from the audit log, as a CSV job like the audit export (same progress and
 * download calls).
 */
export const ZCorrectionHistoryRequest = strictRequestBody({
  from: ZDay('期間（開始）'),
  to: ZDay('期間（終了）'),
  encoding: ZCsvEncoding.default('sjis'),
}).refine((q) => q.from <= q.to, {
  message: '期間の開始は終了より前の日付にしてください。',
  path: ['to'],
});
export type TCorrectionHistoryRequest = z.input<typeof ZCorrectionHistoryRequest>;

/** One line per changed item; 方法 is 画面 or 一括 with the run's id. */
export const CORRECTION_HISTORY_COLUMNS = [
  '書類ID',
  '管理番号',
  'タイトル',
  '項目',
  '変更前',
  '変更後',
  '日時（JST）',
  '変更した人',
  '方法',
] as const;
export const CORRECTION_METHOD_SCREEN = '画面';
export const correctionMethodBulk = (runId: string) => `一括（処理ID: ${runId}）`;
/** An export's `report` detail: which file it was. */
export const CORRECTION_HISTORY_REPORT = 'correctionHistory';

export const auditLogEndpoints = {
  find: endpoint({
    method: 'GET',
    path: '/audit_events',
    query: ZFindAuditEventsQuery,
    response: ZFindAuditEventsResponse,
  }),
  head: endpoint({
    method: 'GET',
    path: '/audit_events/head',
    response: z.object({ head: ZAuditChainHead.nullable() }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/audit_events/:id',
    params: ZIdParams,
    response: z.object({ event: ZAuditEvent }),
  }),
  /** Starts the CSV export job; the file is fetched from `exportCsv` once `exportStatus` says it is done. */
  requestExport: endpoint({
    method: 'POST',
    path: '/audit_events/exports',
    body: ZAuditExportRequest,
    response: ZBulkManipulationResponse,
    status: 202,
  }),
  /** Starts the 訂正削除履歴 job; progress and file through `exportStatus` and `exportCsv`. */
  requestCorrectionHistory: endpoint({
    method: 'POST',
    path: '/audit_events/correction_history',
    body: ZCorrectionHistoryRequest,
    response: ZBulkManipulationResponse,
    status: 202,
  }),
  exportStatus: endpoint({
    method: 'GET',
    path: '/audit_events/exports/:id',
    params: ZIdParams,
    response: ZBulkStatusResponse,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/audit_events/exports/:id/csv',
    params: ZIdParams,
    file: 'csv',
  }),
};
