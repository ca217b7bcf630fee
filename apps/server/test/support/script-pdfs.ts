/**
 * PDFs that carry JavaScript, built with pdf-lib's low-level objects, for the script check at import and at
 * first viewing (docs/decisions.md "PDFs that carry scripts").
 */
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/** What an attacker's script would do over the console: a convincing password prompt. */
export const PROMPT =
  "app.response({ cQuestion: 'パスワードを再入力してください', bPassword: true });";

export type Build = (doc: PDFDocument) => void;

export const jsAction = (doc: PDFDocument, js = PROMPT) =>
  doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(js) });

/** A one-page PDF changed by `build`, saved with object streams (compressed) unless told otherwise. */
export async function pdfWith(build: Build, opts: { useObjectStreams?: boolean } = {}) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  build(doc);
  return Buffer.from(await doc.save(opts));
}

/** The script runs as the PDF is opened. */
export const openAction: Build = (doc) => doc.catalog.set(PDFName.of('OpenAction'), jsAction(doc));

/** A plain one-page PDF, or one that runs a script as it is opened. */
export const scriptPdf = (withScript: boolean) =>
  pdfWith(withScript ? openAction : () => undefined);
