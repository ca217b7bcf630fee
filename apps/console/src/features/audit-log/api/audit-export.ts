import { useQuery } from '@tanstack/react-query';
import {
  BulkStatus,
  ZBulkManipulationResponse,
  ZBulkStatusResponse,
  type TCsvEncoding,
} from '@cloudsign/contract';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import type { AuditFilter } from '../lib/filter.ts';

/** `POST /audit_events/exports`: the viewer's conditions, written to a CSV by a job. */
export const requestAuditExport = (filters: AuditFilter, encoding: TCsvEncoding) =>
  apiFetch('/audit_events/exports', {
    method: 'POST',
    body: { filters, encoding },
    schema: ZBulkManipulationResponse,
  });

/** The export's progress, asked every second until the file is ready. */
export const useAuditExport = (id: string | null) =>
  useQuery({
    queryKey: ['audit-events', 'export', id ?? ''],
    queryFn: ({ signal }) =>
      apiFetch(`/audit_events/exports/${id}`, { schema: ZBulkStatusResponse, signal }),
    enabled: id !== null,
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== BulkStatus.Processing ? false : 1000,
  });

/** Each download is recorded in the audit log by the server. */
export const downloadAuditExport = (id: string) => apiDownload(`/audit_events/exports/${id}/csv`);
