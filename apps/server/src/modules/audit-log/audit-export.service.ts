/**
 * Exporting the audit log: the request (a bulk run of target `audit_log`, under the company's job cap) and
 * each download are audit events themselves, committed with the run's row or before the file is sent.
 */
import {
  BulkKind,
  CORRECTION_HISTORY_REPORT,
  BulkStatus,
  type TAuditExportRequest,
  type TFindAuditEventsFilter,
  memberLabel,
} from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { openGeneratedFile } from '../../bulk/generated-file.ts';
import { findManipulation } from '../../bulk/bulk.repository.ts';
import { insertGeneration } from '../../bulk/bulk-job-slots.ts';
import { auditBy, recordAuditEvent } from './audit-log.record.ts';
import { auditExportJob } from './audit-log.jobs.ts';

const scope = (auth: AuthContext) => ({ companyId: auth.company.id, target: 'audit_log' as const });
const companyTarget = (auth: AuthContext) => ({
  type: 'company' as const,
  id: auth.company.id,
  name: auth.company.name,
});

export async function requestAuditExport(
  deps: AppDeps,
  auth: AuthContext,
  body: { filters: TFindAuditEventsFilter; encoding: NonNullable<TAuditExportRequest['encoding']> },
) {
  // The cursor of a page is not a condition: the export is every event of the filter.
  const { after: _after, ...filters } = body.filters;
  const { row } = await insertGeneration(
    deps,
    {
      companyId: auth.company.id,
      target: 'audit_log',
      kind: BulkKind.Export,
      status: BulkStatus.Processing,
      encoding: body.encoding,
      params: { filters },
      createdBy: auth.user.id,
      createdByName: memberLabel(auth.user),
    },
    async (tx, run) => {
      await recordAuditEvent(tx, {
        ...auditBy(auth),
        action: 'auditLog.exported',
        target: companyTarget(auth),
        details: { exportId: run.id, encoding: body.encoding, filters },
      });
      // With the new row only, in its transaction: a twin still being generated has its job already.
      await deps.jobs.send(
        auditExportJob,
        { manipulationId: run.id },
        { companyId: auth.company.id, tx },
      );
    },
  );
  return row;
}

/**
 * 訂正削除履歴 for a period of JST days: a run of target `audit_log` like the export (its job, progress and
 * download), recorded as `auditLog.exported` naming the report and the period.
 */
export async function requestCorrectionHistory(
  deps: AppDeps,
  auth: AuthContext,
  body: { from: string; to: string; encoding: NonNullable<TAuditExportRequest['encoding']> },
) {
  const period = { from: body.from, to: body.to };
  const { row } = await insertGeneration(
    deps,
    {
      companyId: auth.company.id,
      target: 'audit_log',
      kind: BulkKind.Export,
      status: BulkStatus.Processing,
      encoding: body.encoding,
      params: { correctionHistory: period },
      createdBy: auth.user.id,
      createdByName: memberLabel(auth.user),
    },
    async (tx, run) => {
      await recordAuditEvent(tx, {
        ...auditBy(auth),
        action: 'auditLog.exported',
        target: companyTarget(auth),
        details: {
          exportId: run.id,
          report: CORRECTION_HISTORY_REPORT,
          encoding: body.encoding,
          filters: period,
        },
      });
      await deps.jobs.send(
        auditExportJob,
        { manipulationId: run.id },
        { companyId: auth.company.id, tx },
      );
    },
  );
  return row;
}

/** Another company's export, or a member or document run, is missing. */
export async function getAuditExport(deps: AppDeps, auth: AuthContext, id: string) {
  const m = await findManipulation(deps.database.db, scope(auth), id);
  if (!m) throw notFound();
  return m;
}

/** The file of a finished export, after the download's event has committed. */
export const openAuditExport = async (deps: AppDeps, auth: AuthContext, id: string) =>
  openGeneratedFile(deps, await getAuditExport(deps, auth, id), (m) =>
    recordAuditEvent(deps.database.db, {
      ...auditBy(auth),
      action: 'auditLog.exportDownloaded',
      target: companyTarget(auth),
      details: { exportId: m.id, events: m.counts.exported ?? m.processedRows },
    }),
  );
