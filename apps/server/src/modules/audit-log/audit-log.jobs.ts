/** The audit log's jobs: the CSV export and the retention sweep. */
import type { AppDeps } from '../../deps.ts';
import { logged } from '../../jobs/logged.ts';
import { z } from 'zod';
import { jobKind } from '../../jobs/job-kind.ts';
import { ZBulkJob } from '../../bulk/bulk.types.ts';
import { AUDIT_EXPORT_JOB, runAuditExport } from './audit-export.ts';
import {
  AUDIT_RETENTION_CRON,
  AUDIT_RETENTION_JOB,
  pruneExpiredEvents,
} from './audit-retention.ts';

/** An export is a run row like a member export's: its job names the row. */
export const auditExportJob = jobKind(AUDIT_EXPORT_JOB, ZBulkJob);
/** The retention sweep covers every company: it carries nothing (pg-boss's cron sends `{}`). */
export const auditRetentionJob = jobKind(AUDIT_RETENTION_JOB, z.object({}));

/** `alsoPrune`: other logs with a retention of their own, swept by the same daily job (job-handlers.ts). */
export async function registerAuditLogJobs(
  deps: AppDeps,
  alsoPrune: readonly ((deps: AppDeps) => Promise<unknown>)[],
) {
  await deps.jobs.register(
    auditExportJob,
    logged('audit log export', ({ manipulationId }) => runAuditExport(deps, manipulationId)),
    { retryLimit: 3 },
  );
  await deps.jobs.register(
    auditRetentionJob,
    logged('audit log retention', async () => {
      await pruneExpiredEvents(deps);
      for (const prune of alsoPrune) await prune(deps);
    }),
    { retryLimit: 3, cron: AUDIT_RETENTION_CRON },
  );
}
