import type { Worker } from 'node:worker_threads';

/** What one of a worker's messages means: its answer, its failure, or neither (a step on the way). */
export type WorkerReading<T> = { answer: T } | { failure: Error } | null;

/**
 * A worker thread run to its one answer (the demo seed's PDFs, verify's row records): settles once, with what
 * `read` makes of the message that ends it, or rejects when the thread fails or exits before answering.
 */
export function workerAnswer<M, T>(
  worker: Worker,
  read: (message: M) => WorkerReading<T>,
  exitedBeforeAnswer: (code: number) => string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (!settled) f();
      settled = true;
    };
    worker.on('message', (m: M) => {
      const r = read(m);
      if (r && 'answer' in r) settle(() => resolve(r.answer));
      else if (r) settle(() => reject(r.failure));
    });
    worker.once('error', (err: Error) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(exitedBeforeAnswer(code)))));
  });
}
