/** The classification backfill job (issue 4): batches of links, resumable, idempotent (at-least-once). */
import type { AppDeps } from '../../deps.ts';
import { lockBackfill, runBackfillBatch } from './backfill.repository.ts';

export const BACKFILL_JOB = 'cabinets.classification-backfill';
const BATCH_SIZE = 5000;

export type BackfillJobData = { backfillId: string };

export async function registerCabinetJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.register<BackfillJobData>(BACKFILL_JOB, async ({ backfillId }) => {
    for (;;) {
      const hasMore = await deps.database.db.transaction(async (tx) => {
        const run = await lockBackfill(tx, backfillId);
        // Gone with its cabinet, or already finished by an earlier delivery of this job.
        if (!run || run.state === 'succeeded') return false;
        return runBackfillBatch(tx, run, BATCH_SIZE);
      });
      if (!hasMore) return;
    }
  });
}
