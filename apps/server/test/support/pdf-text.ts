import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/**
 * The lines of text a PDF reader extracts from page 1 of a demo PDF: every `<hex> Tj` of its content stream,
 * read as UTF-16BE through the page font's UniJIS-UCS2-H CMap, plus the CMap and character collection that
 * tell a reader so.
 */
export async function readDemoPdfText(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(0);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  let ops = '';
  for (const ref of streams) {
    const stream = pdf.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) throw new Error('unexpected content stream');
    ops += Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  }
  const lines = [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map(([, hex]) =>
    Buffer.from(hex!, 'hex').swap16().toString('utf16le'),
  );
  const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const [fontName] = fonts.keys();
  const font = fonts.lookup(fontName!, PDFDict);
  const cid = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  const info = cid.lookup(PDFName.of('CIDSystemInfo'), PDFDict);
  return {
    lines,
    encoding: font.get(PDFName.of('Encoding'))?.toString(),
    ordering: info.get(PDFName.of('Ordering'))?.toString(),
    embedded: cid.lookup(PDFName.of('FontDescriptor'), PDFDict).has(PDFName.of('FontFile3')),
  };
}
