/** The job kinds of every bulk target: check, execute, export (the engine's runners do the work). */
import type { AppDeps } from '../../deps.ts';
import { logged } from '../../jobs/logged.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { runCheck } from '../../bulk/check-runner.ts';
import { runExecute } from '../../bulk/execute-runner.ts';
import { recordCheckedEvent } from './bulk-audit.ts';
import { ZBulkJob } from '../../bulk/bulk.types.ts';
import { ZBulkExecuteJob, type BulkTargetDescriptor } from './bulk-target.ts';

/** A target's three job kinds, named after it (`member-bulk.check` …). */
export const bulkJobKinds = (t: Pick<BulkTargetDescriptor, 'name'>) =>
  ({
    check: jobKind(`${t.name}.check`, ZBulkJob),
    execute: jobKind(`${t.name}.execute`, ZBulkExecuteJob),
    export: jobKind(`${t.name}.export`, ZBulkJob),
  }) as const;

export async function registerBulkJobs(deps: AppDeps, t: BulkTargetDescriptor) {
  const kinds = bulkJobKinds(t);
  await deps.jobs.register(
    kinds.check,
    logged(t.label, async ({ manipulationId }) => {
      await runCheck(
        deps,
        manipulationId,
        (m, headers) => t.checker(deps.database.db, m, headers),
        (tx, row) => recordCheckedEvent(tx, t, row),
      );
    }),
    { retryLimit: 3 },
  );
  // One execution per company at a time, in order (singletonKey = company id, see the service). A run whose
  // process died mid-way is put back at once by the other instances, or by the next start on PGlite
  // (jobs/reclaim-dead-work.ts), and resumes at the first pending row; pg-boss's expiry is only the last resort.
  await deps.jobs.register(
    kinds.execute,
    logged(t.label, async (job) => {
      await runExecute(deps, job.manipulationId, t.executor(deps, job));
    }),
    { isSerialPerKey: true, retryLimit: 50, expireInSeconds: 15 * 60 },
  );
  await deps.jobs.register(
    kinds.export,
    logged(t.label, async ({ manipulationId }) => {
      await t.exporter(deps, manipulationId);
    }),
    t.exportQueue ?? { retryLimit: 3 },
  );
  await t.registerExtraJobs?.(deps);
}
