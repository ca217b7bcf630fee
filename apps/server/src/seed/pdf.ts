import {
  addJapaneseFont,
  drawJapanese,
  japaneseTextWidth,
  loadPdfLib,
} from './pdf-japanese-text.ts';

export type DemoPdfInput = {
  documentId: string;
  /** The kind of contract, the heading of the page (業務委託契約書). */
  kindTitle: string;
  /** 甲: the company that sends the document. */
  companyName: string;
  /** 乙: the counterparty, or the person hired on employment papers. */
  counterparty: string;
  /** 取引金額 in yen; null when the document has none. */
  amount: number | null;
  localId: string | null;
  /** 契約締結日 (or the day it was sent) as YYYY-MM-DD. */
  date: string | null;
};

const A4: [number, number] = [595.28, 841.89];
const EMPTY = '—';
const LEFT = 60;
const RIGHT = 535;

const yen = (n: number | null) => (n === null ? EMPTY : `${n.toLocaleString('ja-JP')}円`);
const japaneseDate = (ymd: string | null) => {
  if (!ymd) return EMPTY;
  const [y, m, d] = ymd.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/**
 * A small, real one-page A4 PDF in Japanese (starts `%PDF-`, ends `%%EOF`): the kind of contract, both
 * parties, the amount and the date, so the viewer and downloads show what the list says.
 */
export async function makeDemoPdf(input: DemoPdfInput): Promise<Uint8Array> {
  const lib = await loadPdfLib();
  const pdf = await lib.PDFDocument.create();
  pdf.setTitle(input.kindTitle);
  pdf.setProducer('CloudSign console demo seed');
  // A fixed date keeps the bytes reproducible from run to run.
  pdf.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  const page = pdf.addPage(A4);
  const font = addJapaneseFont(lib, pdf, page);
  const grey = lib.rgb(0.35, 0.35, 0.35);
  const title = input.kindTitle;
  drawJapanese(page, font, title, {
    x: (A4[0] - japaneseTextWidth(title, 22)) / 2,
    y: 760,
    size: 22,
  });
  page.drawLine({
    start: { x: LEFT, y: 745 },
    end: { x: RIGHT, y: 745 },
    thickness: 1,
    color: grey,
  });

  const rows: [string, string][] = [
    ['甲', input.companyName],
    ['乙', input.counterparty],
    ['取引金額', yen(input.amount)],
    ['契約締結日', japaneseDate(input.date)],
    ['管理番号', input.localId ?? EMPTY],
    ['書類ID', input.documentId],
  ];
  rows.forEach(([label, value], i) => {
    const y = 712 - i * 22;
    drawJapanese(page, font, label, { x: LEFT, y, size: 11, grey: 0.35 });
    drawJapanese(page, font, value, { x: LEFT + 80, y, size: 11 });
  });

  const act = title.replace(/書$/, '');
  const body = [
    `${input.companyName}（以下「甲」という）と`,
    `${input.counterparty}（以下「乙」という）は、`,
    `次のとおり${act}を締結する。`,
    '',
    '本書はクラウドサイン 企業コンソールのデモ用に作成した書類です。',
  ];
  body.forEach((line, i) => drawJapanese(page, font, line, { x: LEFT, y: 540 - i * 18, size: 10 }));

  (['甲', '乙'] as const).forEach((party, i) => {
    const x = LEFT + i * 250;
    drawJapanese(page, font, `${party}（署名）`, { x, y: 170, size: 10, grey: 0.35 });
    page.drawLine({
      start: { x, y: 150 },
      end: { x: x + 215, y: 150 },
      thickness: 0.5,
      color: grey,
    });
  });
  return pdf.save({ useObjectStreams: false });
}
