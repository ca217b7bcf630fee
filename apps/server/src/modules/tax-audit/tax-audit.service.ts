/**
 * 税務調査対応's rules (docs/design.md "税務調査対応"): company admins only; the documents of a 課税期間 on one
 * date field, narrowed by the list's conditions; one run under the company's job cap whose ZIP holds their
 * PDFs, manifest.csv and 訂正削除履歴.csv; the request and each download recorded with the period, the
 * conditions and the counts.
 */
import {
  BulkKind,
  BulkStatus,
  memberLabel,
  type TCsvEncoding,
  type TDocumentDownloadNameRule,
  type TDocumentSearchConditions,
  type TTaxAuditPeriod,
} from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import { getGeneratedRun, openGeneratedFile } from '../../bulk/generated-file.ts';
import { insertGeneration } from '../../bulk/bulk-job-slots.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { countCorrections } from '../audit-log/correction-history.ts';
import { searchScope } from '../documents/documents.service.ts';
import { searchFilter } from '../documents/search-filter.ts';
import { countDownload, type Ctx } from '../document-download/document-download.service.ts';
import type { DownloadParams } from '../document-download/document-download.zip.ts';
import { packCorrections } from './tax-audit.repository.ts';
import { taxAuditPackJob } from './tax-audit.jobs.ts';

export const TAX_AUDIT_TARGET = 'tax_audit_pack' as const;

/** What a pack's run saves: まとめてダウンロード's params (the period folded into the conditions) and the period. */
export type TaxAuditParams = DownloadParams & { period: TTaxAuditPeriod };

type Scope = { period: TTaxAuditPeriod; conditions: TDocumentSearchConditions };

const companyTarget = (auth: AuthContext) => ({
  type: 'company' as const,
  id: auth.company.id,
  name: auth.company.name,
});

/** The list's conditions with the period as the range of its date field (both days inclusive). */
export const packConditions = ({ period, conditions }: Scope): TDocumentSearchConditions => ({
  ...conditions,
  [`${period.dateField}From`]: period.from,
  [`${period.dateField}To`]: period.to,
});

/** The list's own checks (another company's cabinet or item is missing: 404), then the search. */
async function filterOf(ctx: Ctx, scope: Scope) {
  const { readable, cabinet } = await searchScope(ctx, scope.conditions);
  return searchFilter(readable, packConditions(scope), cabinet);
}

export async function countPack(ctx: Ctx, scope: Scope) {
  const filter = await filterOf(ctx, scope);
  const documents = await countDownload(ctx.db, filter);
  const corrections =
    documents === 0
      ? 0
      : await countCorrections(ctx.db, packCorrections(ctx.auth.company.id, filter, ctx.clock()));
  return { documents, corrections };
}

export async function requestPack(
  ctx: Ctx,
  body: Scope & { encoding: TCsvEncoding; nameRule: TDocumentDownloadNameRule },
) {
  const { auth } = ctx;
  const filter = await filterOf(ctx, body);
  const matched = await countDownload(ctx.db, filter);
  const params: TaxAuditParams = {
    conditions: packConditions(body),
    nameRule: body.nameRule,
    userId: auth.user.id,
    dateField: body.period.dateField,
    period: body.period,
  };
  const { row } = await insertGeneration(
    ctx,
    {
      companyId: auth.company.id,
      target: TAX_AUDIT_TARGET,
      kind: BulkKind.Export,
      status: BulkStatus.Processing,
      encoding: body.encoding,
      params,
      // The job's progress counts from this total: the period's documents are counted once per pack.
      totalRows: matched,
      createdBy: auth.user.id,
      createdByName: memberLabel(auth.user),
    },
    async (tx, run) => {
      await recordAuditEvent(tx, {
        ...auditBy(auth),
        action: 'document.taxAuditPackRequested',
        target: companyTarget(auth),
        details: {
          packId: run.id,
          period: body.period,
          conditions: body.conditions,
          nameRule: body.nameRule,
          encoding: body.encoding,
          matchedDocuments: matched,
        },
      });
      await ctx.jobs.send(
        taxAuditPackJob,
        { manipulationId: run.id },
        { companyId: auth.company.id, tx },
      );
    },
  );
  return row;
}

/** Any pack of the company (only company admins reach here); another company's id is missing. */
export const getPack = (ctx: Ctx, id: string) =>
  getGeneratedRun(ctx, { companyId: ctx.auth.company.id, target: TAX_AUDIT_TARGET }, id);

/** The finished archive, after the download's event has committed. */
export const openPack = async (ctx: Ctx, id: string) =>
  openGeneratedFile(ctx, await getPack(ctx, id), (m) => {
    const { period, conditions = { options: {} } } = m.params as Partial<TaxAuditParams>;
    // The event names the period once: the conditions without the period's own range.
    const asked: Record<string, unknown> = { ...conditions };
    if (period) {
      delete asked[`${period.dateField}From`];
      delete asked[`${period.dateField}To`];
    }
    return recordAuditEvent(ctx.db, {
      ...auditBy(ctx.auth),
      action: 'document.taxAuditPackDownloaded',
      target: companyTarget(ctx.auth),
      details: {
        packId: m.id,
        period,
        conditions: asked,
        downloadedDocuments: m.counts.exported ?? m.processedRows,
        corrections: m.counts.corrections ?? 0,
      },
    });
  });
