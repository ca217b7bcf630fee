import { useQuery } from '@tanstack/react-query';
import {
  auditLogEndpoints,
  BulkStatus,
  type TAuditExportRequest,
  type TCorrectionHistoryRequest,
  type TCsvEncoding,
} from '@cloudsign/contract';
import { callEndpoint, downloadEndpoint } from '../../../lib/call-endpoint.ts';
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

/** The export's progress, asked every second until the file is ready. */
export const useAuditExport = (id: string | null) =>
  useQuery({
    queryKey: ['audit-events', 'export', id ?? ''],
    queryFn: ({ signal }) =>
      callEndpoint(auditLogEndpoints.exportStatus, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== BulkStatus.Processing ? false : 1000,
  });

/** Each download is recorded in the audit log by the server. */
export const downloadAuditExport = (id: string) =>
  downloadEndpoint(auditLogEndpoints.exportCsv, { params: { id } });
