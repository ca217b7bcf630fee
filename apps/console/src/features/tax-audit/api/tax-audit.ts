import {
  taxAuditEndpoints,
  type TTaxAuditPackRequest,
  type TTaxAuditScope,
} from '@cloudsign/contract';
import { callEndpoint, downloadEndpoint } from '../../../lib/call-endpoint.ts';
import { jobSource } from '../../../lib/use-job.ts';

/** `POST /tax_audit_packs/count`: the documents of the period and conditions, and their corrections. */
export const countTaxAudit = (body: TTaxAuditScope) =>
  callEndpoint(taxAuditEndpoints.count, { body });

/** `POST /tax_audit_packs`: the pack's job (PDFs, manifest.csv, 訂正削除履歴.csv in one ZIP). */
export const requestTaxAuditPack = (body: TTaxAuditPackRequest) =>
  callEndpoint(taxAuditEndpoints.request, { body });

/** The pack's progress, asked every second until it is ready; each download is audited by the server. */
export const taxAuditPackJob = jobSource({
  key: (id: string) => ['tax-audit', 'packs', id],
  status: (id: string, signal: AbortSignal) =>
    callEndpoint(taxAuditEndpoints.status, { params: { id }, signal }),
  download: (id: string) => downloadEndpoint(taxAuditEndpoints.zip, { params: { id } }),
  failText: 'ZIPファイルを作成できませんでした。時間をおいてもう一度お試しください。',
});
