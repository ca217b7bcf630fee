/**
 * Starts verify's row-records digest on a worker thread (row-records-worker.ts) in the chain walk's exported
 * snapshot, so the two run on two cores.
 */
import { Worker } from 'node:worker_threads';
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
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./row-records-worker.ts', import.meta.url), {
      workerData: job,
    });
    let settled = false;
    const settle = (f: () => void) => {
      if (!settled) f();
      settled = true;
    };
    worker.on('message', (m: RowRecordsMessage) => {
      if (m.kind === 'taken') taken();
      else if (m.kind === 'done') settle(() => resolve(new Map(m.digests)));
      else
        settle(() =>
          reject(
            m.outOfOrder ? new OutOfOrder() : new Error(`行の記録を読めませんでした: ${m.message}`),
          ),
        );
    });
    worker.once('error', (err: Error) => settle(() => reject(err)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`行の記録を読むスレッドが終了しました（終了コード ${code}）`))),
    );
  });
}
