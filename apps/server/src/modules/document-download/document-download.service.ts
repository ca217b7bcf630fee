/**
 * まとめてダウンロード's rules: who may ask (company admins; other members when the company setting lets them),
 * the run under the company's job cap with its audit event (who, which search), and the archive only to the
 * member who asked (or a company admin), with a second event saying how many documents it holds.
 */
import {
  BULK_DOWNLOAD_REFUSAL,
  BulkKind,
  BulkStatus,
  memberLabel,
  type TCsvEncoding,
  type TDocumentDownloadNameRule,
  type TDocumentSearchConditions,
} from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { getGeneratedRun, openGeneratedFile } from '../../bulk/generated-file.ts';
import { insertGeneration } from '../../bulk/bulk-job-slots.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { searchScope, type Ctx as DocumentsCtx } from '../documents/documents.service.ts';
import { documentDownloadJob } from './document-download.jobs.ts';
import type { DownloadParams } from './document-download.zip.ts';

/** How many documents a download of the filter holds (the 税務調査 pack counts its documents the same way). */
export { countDownload } from './document-download.repository.ts';

/** The documents area's context (its repository says what the caller reads, as the list asks) and the runs'. */
export type Ctx = DocumentsCtx & Pick<AppDeps, 'database' | 'jobs' | 'storage'>;

const TARGET = 'document_download' as const;
const companyTarget = (auth: AuthContext) => ({
  type: 'company' as const,
  id: auth.company.id,
  name: auth.company.name,
});

/** Company admins always; other members only while 「メンバーにもまとめてダウンロードを許可する」 is on. */
export const mayBulkDownload = (auth: Pick<AuthContext, 'isCompanyAdmin' | 'company'>) =>
  auth.isCompanyAdmin || auth.company.bulkDownloadMembers;

export function assertMayBulkDownload(auth: AuthContext) {
  if (!mayBulkDownload(auth)) throw new AppError('forbidden', BULK_DOWNLOAD_REFUSAL);
}

export async function requestDownload(
  ctx: Ctx,
  body: {
    conditions: TDocumentSearchConditions;
    encoding: TCsvEncoding;
    nameRule: TDocumentDownloadNameRule;
  },
) {
  const { auth } = ctx;
  // The list's own checks: a cabinet he cannot read, or another company's item, is missing (404).
  await searchScope(ctx, body.conditions);
  const params: DownloadParams = {
    conditions: body.conditions,
    nameRule: body.nameRule,
    userId: auth.user.id,
  };
  const { row } = await insertGeneration(
    ctx,
    {
      companyId: auth.company.id,
      target: TARGET,
      kind: BulkKind.Export,
      status: BulkStatus.Processing,
      encoding: body.encoding,
      params,
      createdBy: auth.user.id,
      createdByName: memberLabel(auth.user),
    },
    async (tx, run) => {
      await recordAuditEvent(tx, {
        ...auditBy(auth),
        action: 'document.bulkDownloadRequested',
        target: companyTarget(auth),
        details: {
          downloadId: run.id,
          conditions: body.conditions,
          nameRule: body.nameRule,
          encoding: body.encoding,
        },
      });
      await ctx.jobs.send(
        documentDownloadJob,
        { manipulationId: run.id },
        { companyId: auth.company.id, tx },
      );
    },
  );
  return row;
}

/** The member's own run (a company admin sees every run of the company); anyone else's is missing. */
export const getDownload = (ctx: Ctx, id: string) =>
  getGeneratedRun(
    ctx,
    { companyId: ctx.auth.company.id, target: TARGET },
    id,
    (m) => ctx.auth.isCompanyAdmin || m.createdBy === ctx.auth.user.id,
  );

/** The finished archive, after the download's event has committed. */
export const openDownload = async (ctx: Ctx, id: string) =>
  openGeneratedFile(ctx, await getDownload(ctx, id), (m) =>
    recordAuditEvent(ctx.db, {
      ...auditBy(ctx.auth),
      action: 'document.bulkDownloaded',
      target: companyTarget(ctx.auth),
      details: {
        downloadId: m.id,
        downloadedDocuments: m.counts.exported ?? m.processedRows,
        conditions: (m.params as DownloadParams).conditions,
      },
    }),
  );
