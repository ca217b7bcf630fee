import {
  auditLogEndpoints,
  type TAuditExportRequest,
  type TCorrectionHistoryRequest,
  type TCsvEncoding,
} from '@cloudsign/contract';
import { callEndpoint, downloadEndpoint } from '../../../lib/call-endpoint.ts';
import { jobSource } from '../../../lib/use-job.ts';
import type { AuditFilter } from '../lib/filter.ts';

/**
 * `POST /audit_events/exports`: the viewer's conditions, written to a CSV by a job. The conditions are the
 * URL's strings as they are; the server checks them (an unknown category answers 400, as the list does).
 */
export const requestAuditExport = (filters: AuditFilter, encoding: TCsvEncoding) =>
  callEndpoint(auditLogEndpoints.requestExport, {
    body: { filters: filters as TAuditExportRequest['filters'], encoding },
  });

/** `POST /audit_events/correction_history`: the 訂正削除履歴 of a period, written by the same export job. */
export const requestCorrectionHistory = (body: TCorrectionHistoryRequest) =>
  callEndpoint(auditLogEndpoints.requestCorrectionHistory, { body });

/**
 * The export job (the events' CSV, the 訂正削除履歴): its progress asked every second until the file is ready;
 * each download is recorded in the audit log by the server.
 */
export const auditExportJob = jobSource({
  key: (id: string) => ['audit-events', 'export', id],
  status: (id: string, signal: AbortSignal) =>
    callEndpoint(auditLogEndpoints.exportStatus, { params: { id }, signal }),
  download: (id: string) => downloadEndpoint(auditLogEndpoints.exportCsv, { params: { id } }),
  failText: 'CSVを作成できませんでした。時間をおいてもう一度お試しください。',
});
