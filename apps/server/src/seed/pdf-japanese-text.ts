import type { PDFDocument, PDFHexString, PDFPage } from 'pdf-lib';

/**
 * pdf-lib (about 170 modules) is loaded by the seed that draws, not by every start of the server: the fonts
 * and helpers below take the loaded library from `loadPdfLib`.
 */
export type PdfLib = typeof import('pdf-lib');
export const loadPdfLib = (): Promise<PdfLib> => import('pdf-lib');

/**
 * Japanese text in the demo PDFs without embedding a font: a Type0 font of the Adobe-Japan1 character
 * collection that names no font file, the way Japanese office software writes unembedded Japanese text. The
 * viewer draws it with the Japanese font it has (Chrome, Acrobat, Preview, pdf.js all do). Embedding a
 * subset of Noto Sans CJK instead costs about 60 KB and 60 ms per file (2,020 demo files: two minutes and
 * 120 MB more seed), and would need the font on the machine that seeds.
 */
const FONT_KEY = 'JaGothic';
const ENCODING = 'UniJIS-UCS2-H';
/**
 * Advance widths (1/1000 em) of the proportional roman CIDs 1–95, which UniJIS-UCS2-H gives U+0020–U+007E;
 * measured from Noto Sans CJK JP, whose Adobe-Japan1 glyphs have these CIDs. Everything else is 1000 wide.
 */
const ROMAN_WIDTHS = [
  224, 323, 474, 555, 555, 921, 680, 278, 338, 338, 467, 555, 278, 347, 278, 392, 555, 555, 555,
  555, 555, 555, 555, 555, 555, 555, 278, 278, 555, 555, 555, 474, 946, 608, 657, 638, 688, 589,
  552, 689, 728, 293, 535, 646, 543, 812, 723, 742, 633, 742, 635, 596, 599, 721, 575, 878, 573,
  531, 603, 338, 392, 338, 555, 559, 606, 563, 618, 510, 620, 554, 325, 564, 607, 275, 275, 552,
  284, 926, 610, 606, 620, 620, 388, 468, 377, 607, 521, 802, 498, 521, 475, 338, 270, 338, 555,
];
const widthOf = (code: number) =>
  code >= 0x20 && code <= 0x7e ? ROMAN_WIDTHS[code - 0x20]! : 1000;

export type JapaneseFont = { key: string; lib: PdfLib };

/** Adds the unembedded Japanese font to the document and to `page`'s resources. */
export function addJapaneseFont(lib: PdfLib, pdf: PDFDocument, page: PDFPage): JapaneseFont {
  const { PDFName, PDFString } = lib;
  const ctx = pdf.context;
  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: 'KozGoPr6N-Medium',
      Flags: 4,
      FontBBox: [-149, -374, 1254, 1008],
      ItalicAngle: 0,
      Ascent: 880,
      Descent: -120,
      CapHeight: 763,
      StemV: 116,
    }),
  );
  const cidFont = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'CIDFontType0',
      BaseFont: 'KozGoPr6N-Medium',
      CIDSystemInfo: ctx.obj({
        Registry: PDFString.of('Adobe'),
        Ordering: PDFString.of('Japan1'),
        Supplement: 6,
      }),
      FontDescriptor: descriptor,
      DW: 1000,
      W: [1, ROMAN_WIDTHS],
    }),
  );
  const type0 = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: `KozGoPr6N-Medium-${ENCODING}`,
      Encoding: ENCODING,
      DescendantFonts: [cidFont],
    }),
  );
  page.node.setFontDictionary(PDFName.of(FONT_KEY), type0);
  return { key: FONT_KEY, lib };
}

/** UTF-16BE code units as the CMap reads them; a character outside the BMP (none in the demo) becomes 〓. */
export function encodeJapanese(lib: PdfLib, text: string): PDFHexString {
  let hex = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    hex += (code > 0xffff ? 0x3013 : code).toString(16).padStart(4, '0');
  }
  return lib.PDFHexString.of(hex.toUpperCase());
}

/** Width of `text` at `size` points, as the font's widths above lay it out. */
export function japaneseTextWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += widthOf(ch.codePointAt(0)!);
  return (units / 1000) * size;
}

type TextOptions = { x: number; y: number; size: number; grey?: number };

export function drawJapanese(page: PDFPage, font: JapaneseFont, text: string, o: TextOptions) {
  const grey = o.grey ?? 0;
  const { beginText, endText, moveText, setFillingRgbColor, setFontAndSize, showText } = font.lib;
  page.pushOperators(
    beginText(),
    setFillingRgbColor(grey, grey, grey),
    setFontAndSize(font.key, o.size),
    moveText(o.x, o.y),
    showText(encodeJapanese(font.lib, text)),
    endText(),
  );
}
