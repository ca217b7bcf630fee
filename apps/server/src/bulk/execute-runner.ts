/**
 * The execute job of every bulk run (docs/design.md §3). Rows are applied in batches; each batch's writes, its
 * rows' outcomes and the progress counter commit in ONE transaction. A crash (kill -9) therefore loses at
 * most the batch in flight, which rolled back entirely; the retried job skips rows whose outcome is set,
 * so every row is applied exactly once.
 */
import { BulkStatus } from '@cloudsign/contract';
import type { AppDeps } from '../deps.ts';
import { addProcessedRows, findManipulationById, updateManipulation } from './bulk.repository.ts';
import {
  claimPendingBatch,
  countByOutcome,
  countPending,
  skipRowsExcept,
  storeOutcomes,
} from './bulk-rows.repository.ts';
import type { BatchExecutor } from './bulk.types.ts';

export const EXECUTE_BATCH_SIZE = 2000;

export class BatchesHeldElsewhere extends Error {}

export async function runExecute(
  deps: AppDeps,
  manipulationId: string,
  executor: BatchExecutor,
  batchSize = EXECUTE_BATCH_SIZE,
) {
  const db = deps.database.db;
  const m = await findManipulationById(db, manipulationId);
  if (!m || m.status !== BulkStatus.Processing) return;
  await skipRowsExcept(db, manipulationId, executor.executableActions);

  let afterRow = 0;
  let batchNo = 0;
  for (;;) {
    // Between batches, never inside one: a stopping worker leaves every row either done or pending.
    deps.jobs.stopping.throwIfAborted();
    batchNo += 1;
    const done = await db.transaction(async (tx) => {
      const rows = await claimPendingBatch(tx, manipulationId, afterRow, batchSize);
      if (rows.length === 0) return true;
      const outcomes = await executor.applyBatch(tx, m, rows);
      await storeOutcomes(tx, manipulationId, batchNo, outcomes);
      await addProcessedRows(tx, manipulationId, rows.length);
      afterRow = rows[rows.length - 1]!.rowNumber;
      return false;
    });
    if (done) break;
  }
  // Rows locked by another runner (an expired job still alive) are not ours to finish: retry later.
  if ((await countPending(db, manipulationId)) > 0)
    throw new BatchesHeldElsewhere('rows still held by another runner');

  await executor.afterAll?.(m);
  const outcomes = await countByOutcome(db, manipulationId);
  const failed = outcomes.failed ?? 0;
  await updateManipulation(
    db,
    manipulationId,
    {
      status: failed > 0 ? BulkStatus.ProcessedWithError : BulkStatus.Succeeded,
      counts: { ...m.counts, succeeded: outcomes.succeeded ?? 0, failed },
      finishedAt: deps.clock(),
    },
    [BulkStatus.Processing],
  );
}
