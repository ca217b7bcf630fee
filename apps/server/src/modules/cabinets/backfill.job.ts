/** The classification backfill job: batches of links, resumable, idempotent (at-least-once). */
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { JobsStopping } from '../../jobs/jobs.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { lockBackfill, markBackfillFailed, runBackfillBatch } from './backfill.repository.ts';

export const BACKFILL_JOB = 'cabinets.classification-backfill';
const BATCH_SIZE = 5000;
/** Retries of a failing batch (transient errors); a killed worker's run is given back without counting. */
export const BACKFILL_RETRY_LIMIT = 3;

export const backfillJob = jobKind(BACKFILL_JOB, z.object({ backfillId: z.uuid() }));

export async function registerCabinetJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.register(
    backfillJob,
    async ({ backfillId }, ctx) => {
      try {
        for (;;) {
          deps.jobs.stopping.throwIfAborted();
          const hasMore = await deps.database.db.transaction(async (tx) => {
            const run = await lockBackfill(tx, backfillId);
            // Gone with its cabinet, or already finished (or given up) by an earlier delivery of this job.
            if (!run || run.state === 'succeeded' || run.state === 'failed') return false;
            return runBackfillBatch(tx, run, BATCH_SIZE);
          });
          if (!hasMore) return;
        }
      } catch (err) {
        // Without this the run would show 実行中 forever once pg-boss stops retrying.
        // A stop gives the run back unfinished; it is not a failure of the run.
        if (ctx.isLastAttempt && !(err instanceof JobsStopping)) {
          ctx.logger.error({ err, backfillId }, 'classification backfill failed');
          await markBackfillFailed(deps.database.db, backfillId);
        }
        throw err;
      }
    },
    { retryLimit: BACKFILL_RETRY_LIMIT },
  );
}
