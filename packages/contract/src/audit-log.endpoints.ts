/** The audit-log area's calls (server: modules/audit-log; console: features/audit-log). */
import { z } from 'zod';
import {
  ZAuditEvent,
  ZAuditExportRequest,
  ZFindAuditEventsQuery,
  ZFindAuditEventsResponse,
} from './audit-log.ts';
import { ZBulkManipulationResponse, ZBulkStatusResponse } from './bulk.ts';
import { ZIdParams } from './common.ts';
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
