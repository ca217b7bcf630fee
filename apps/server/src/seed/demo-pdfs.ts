/**
 * Draws the demo's PDFs on a worker thread (pdf-worker.ts), so they are drawn while the main thread inserts the
 * rows; 2,020 of them cost about a second of CPU, which a fresh start no longer waits for.
 */
import { Worker } from 'node:worker_threads';
import { PDF_WORKER } from '../lib/app-files.ts';
import type { DemoPdfInput } from './pdf.ts';
import type { PdfWorkerAnswer } from './pdf-worker.ts';

/** The PDFs of `inputs`, in their order; rejects if the worker fails. */
export function drawDemoPdfs(inputs: DemoPdfInput[]): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PDF_WORKER);
    let answered = false;
    worker.once('message', (answer: PdfWorkerAnswer) => {
      answered = true;
      if ('pdfs' in answer) resolve(answer.pdfs);
      else reject(new Error(`デモ用PDFを作成できませんでした: ${answer.error}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`デモ用PDFのワーカーが終了しました（終了コード ${code}）`));
    });
    worker.postMessage(inputs);
  });
}
