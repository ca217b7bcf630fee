/**
 * Draws the demo's PDFs on a worker thread (pdf-worker.ts), so they are drawn while the main thread inserts the
 * rows; 2,020 of them cost about a second of CPU, which a fresh start no longer waits for.
 */
import { Worker } from 'node:worker_threads';
import { PDF_WORKER } from '../lib/app-files.ts';
import { workerAnswer } from '../lib/worker-answer.ts';
import type { DemoPdfInput } from './pdf.ts';
import type { PdfWorkerAnswer } from './pdf-worker.ts';

/** The PDFs of `inputs`, in their order; rejects if the worker fails. */
export function drawDemoPdfs(inputs: DemoPdfInput[]): Promise<Uint8Array[]> {
  const worker = new Worker(PDF_WORKER);
  const pdfs = workerAnswer<PdfWorkerAnswer, Uint8Array[]>(
    worker,
    (a: PdfWorkerAnswer) =>
      'pdfs' in a
        ? { answer: a.pdfs }
        : { failure: new Error(`デモ用PDFを作成できませんでした: ${a.error}`) },
    (code) => `デモ用PDFのワーカーが終了しました（終了コード ${code}）`,
  );
  worker.postMessage(inputs);
  return pdfs;
}
