/**
 * verify's row records digested on a thread of their own (row-records-beside.ts): the chain walk and this
 * digest each keep a core busy in Node (parsing and SHA-256), so on one thread they took the sum of the two.
 * Reads on its own connection in the snapshot the walk exported, answers the digests and ends. It loads no ORM
 * (row-records-copy.ts, row-records-batches.ts): starting it then costs a tenth of a second, not half a second.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { OutOfOrder } from './in-order.ts';
import { batchDigester } from './row-records-batches.ts';
import { copyRows } from './row-records-copy.ts';

/** What the thread is started with. */
export type RowRecordsJob = {
  connectionString: string;
  companyId: string;
  ordered: boolean;
  snapshot: string;
};
export type RowRecordsMessage =
  | { kind: 'taken' }
  | { kind: 'done'; digests: [number, { rows: number; sha256: string; hasGap: boolean }][] }
  | { kind: 'failed'; message: string; outOfOrder: boolean };

const port = parentPort;
if (!port) throw new Error('row-records-worker.ts runs as a worker thread (row-records-beside.ts)');
const job = workerData as RowRecordsJob;
const send = (m: RowRecordsMessage) => port.postMessage(m);

const pool = new pg.Pool({
  connectionString: job.connectionString,
  max: 1,
  application_name: 'audit-verify rows',
});
try {
  const batches = batchDigester();
  // Up to any number: rows past the walk's last event are left out when the two are compared.
  await copyRows(pool, job.companyId, Number.MAX_SAFE_INTEGER, job.ordered, batches.add, {
    id: job.snapshot,
    taken: () => send({ kind: 'taken' }),
  });
  send({ kind: 'done', digests: [...batches.digests()] });
} catch (err) {
  send({
    kind: 'failed',
    message: err instanceof Error ? (err.stack ?? err.message) : String(err),
    outOfOrder: err instanceof OutOfOrder,
  });
} finally {
  await pool.end();
}
