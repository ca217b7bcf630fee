/**
 * The demo seed's PDFs drawn on a thread of their own (demo-pdfs.ts). The embedded database runs each statement
 * on the main thread and holds it until the statement ends, so PDFs drawn there were drawn only after the inserts;
 * here they are drawn while the inserts run, on the other core. Answers one message (the inputs) with one (the
 * PDFs, in the same order) and ends.
 */
import { parentPort } from 'node:worker_threads';
import { makeDemoPdf, type DemoPdfInput } from './pdf.ts';

export type PdfWorkerAnswer = { pdfs: Uint8Array[] } | { error: string };

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread (demo-pdfs.ts)');
port.once('message', (inputs: DemoPdfInput[]) => {
  const answer = async (): Promise<PdfWorkerAnswer> => {
    try {
      const pdfs: Uint8Array[] = [];
      for (const input of inputs) pdfs.push(await makeDemoPdf(input));
      return { pdfs };
    } catch (error) {
      return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
  };
  void answer().then((a) => {
    port.postMessage(a);
    port.close();
  });
});
