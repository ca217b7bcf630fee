import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export type DemoPdfInput = {
  documentId: string;
  /** ASCII only: the standard fonts cannot draw Japanese (the Japanese title is in the document row). */
  label: string;
  localId: string | null;
  counterpartyDomain: string | null;
  date: string | null;
};

const A4: [number, number] = [595.28, 841.89];

/** A small, real one-page A4 PDF (starts `%PDF-`, ends `%%EOF`) so the viewer and downloads have content. */
export async function makeDemoPdf(input: DemoPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.label);
  pdf.setProducer('CloudSign console demo seed');
  // A fixed date keeps the bytes reproducible from run to run.
  pdf.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(A4);
  const grey = rgb(0.35, 0.35, 0.35);
  page.drawText(input.label, { x: 60, y: 760, size: 22, font: bold });
  page.drawLine({ start: { x: 60, y: 745 }, end: { x: 535, y: 745 }, thickness: 1, color: grey });
  const lines = [
    `Document ID: ${input.documentId}`,
    `Reference No.: ${input.localId ?? '-'}`,
    `Counterparty: ${input.counterpartyDomain ?? '-'}`,
    `Date: ${input.date ?? '-'}`,
  ];
  lines.forEach((text, i) =>
    page.drawText(text, { x: 60, y: 715 - i * 20, size: 11, font, color: grey }),
  );
  page.drawText('This is a demo document generated for the CloudSign company console.', {
    x: 60,
    y: 600,
    size: 10,
    font,
  });
  page.drawText('Signature', { x: 380, y: 160, size: 10, font, color: grey });
  page.drawLine({
    start: { x: 380, y: 150 },
    end: { x: 535, y: 150 },
    thickness: 0.5,
    color: grey,
  });
  return pdf.save({ useObjectStreams: false });
}
