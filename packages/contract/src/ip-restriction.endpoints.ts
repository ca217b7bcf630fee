/** The IP address restriction's calls (server: modules/ip-restriction; console: features/ip-restriction). */
import {
  ZIpCsvImportResponse,
  ZIpCsvQuery,
  ZIpRestrictionPreviewResponse,
  ZIpRestrictionResponse,
  ZUpdateIpRestrictionRequest,
} from './ip-restriction.ts';
import { endpoint } from './endpoint.ts';

export const ipRestrictionEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/company/ip_restriction',
    response: ZIpRestrictionResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/company/ip_restriction',
    ifMatch: true,
    body: ZUpdateIpRestrictionRequest,
    response: ZIpRestrictionResponse,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/company/ip_restriction/preview',
    body: ZUpdateIpRestrictionRequest,
    response: ZIpRestrictionPreviewResponse,
  }),
  /** One scope's saved list as CSV (Shift_JIS or UTF-8 with BOM). */
  exportCsv: endpoint({
    method: 'GET',
    path: '/company/ip_restriction/csv',
    query: ZIpCsvQuery,
    file: 'csv',
  }),
  /** Reads a CSV into ranges for the form (nothing is saved): every bad row and column is named. */
  importCsv: endpoint({
    method: 'POST',
    path: '/company/ip_restriction/csv',
    upload: 'filename',
    response: ZIpCsvImportResponse,
  }),
};
