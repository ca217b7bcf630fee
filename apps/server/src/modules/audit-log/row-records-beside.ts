/**
 * Starts verify's row-records digest on a worker thread (row-records-worker.ts) in the chain walk's exported
 * snapshot, so the two run on two cores.
 */
import { Worker } from 'node:worker_threads';
import { workerAnswer } from '../../lib/worker-answer.ts';
import { OutOfOrder } from './in-order.ts';
import type { BatchDigests } from './row-records-batches.ts';
import type { RowRecordsJob, RowRecordsMessage } from './row-records-worker.ts';

/**
 * The digests, read beside the walk. `taken` is called once the thread's transaction has the snapshot (the walk
 * may end after that); the promise rejects with OutOfOrder when the rows lie too far out of order, as in-thread.
 */
export function digestRowRecordsBeside(
  job: RowRecordsJob,
  taken: () => void,
): Promise<BatchDigests> {
  const worker = new Worker(new URL('./row-records-worker.ts', import.meta.url), {
    workerData: job,
  });
  return workerAnswer<RowRecordsMessage, BatchDigests>(
    worker,
    (m: RowRecordsMessage) => {
      if (m.kind === 'taken') {
        taken();
        return null;
      }
      if (m.kind === 'done') return { answer: new Map(m.digests) };
      return {
        failure: m.outOfOrder
          ? new OutOfOrder()
          : new Error(`行の記録を読めませんでした: ${m.message}`),
      };
    },
    (code) => `行の記録を読むスレッドが終了しました（終了コード ${code}）`,
  );
}
