/** 税務調査対応's calls (server: modules/tax-audit; console: features/tax-audit). */
import { ZBulkManipulationResponse, ZBulkStatusResponse } from './bulk.ts';
import { ZIdParams } from './common.ts';
import { endpoint } from './endpoint.ts';
import { ZTaxAuditCount, ZTaxAuditPackRequest, ZTaxAuditScope } from './tax-audit.ts';

export const taxAuditEndpoints = {
  /** How many documents (and their corrections) the period and conditions hold; a read, sent as a body. */
  count: endpoint({
    method: 'POST',
    path: '/tax_audit_packs/count',
    body: ZTaxAuditScope,
    response: ZTaxAuditCount,
  }),
  /** Starts the pack's job; `status` follows it and `zip` sends the archive once it is done. */
  request: endpoint({
    method: 'POST',
    path: '/tax_audit_packs',
    body: ZTaxAuditPackRequest,
    response: ZBulkManipulationResponse,
    status: 202,
  }),
  status: endpoint({
    method: 'GET',
    path: '/tax_audit_packs/:id',
    params: ZIdParams,
    response: ZBulkStatusResponse,
  }),
  zip: endpoint({
    method: 'GET',
    path: '/tax_audit_packs/:id/zip',
    params: ZIdParams,
    file: 'zip',
  }),
};
