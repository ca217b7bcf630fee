/** The audit log's jobs: the CSV export and the retention sweep. */
import type { AppDeps } from '../../deps.ts';
import { logged } from '../bulk/bulk.jobs.ts';
import type { BulkJob } from '../bulk/bulk-target.ts';
import { AUDIT_EXPORT_JOB, runAuditExport } from './audit-export.ts';
import {
  AUDIT_RETENTION_CRON,
  AUDIT_RETENTION_JOB,
  pruneExpiredEvents,
} from './audit-retention.ts';

export async function registerAuditLogJobs(deps: AppDeps) {
  await deps.jobs.register<BulkJob>(
    AUDIT_EXPORT_JOB,
    logged('audit log export', ({ manipulationId }) => runAuditExport(deps, manipulationId)),
    { retryLimit: 3 },
  );
  await deps.jobs.register<object>(
    AUDIT_RETENTION_JOB,
    logged('audit log retention', async () => void (await pruneExpiredEvents(deps))),
    { retryLimit: 3, cron: AUDIT_RETENTION_CRON },
  );
}
