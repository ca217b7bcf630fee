import { describe, expect, it } from 'vitest';
import { readDemoPdfText } from '../../test/support/pdf-text.ts';
import { makeDemoPdf } from './pdf.ts';

describe('makeDemoPdf', () => {
  it('writes the contract in Japanese: kind, both parties, amount, date and reference', async () => {
    const bytes = await makeDemoPdf({
      documentId: '0b6f3c1e-6f0a-4f7e-9d3a-2f1e8c9b7a10',
      kindTitle: '業務委託契約書',
      companyName: '株式会社サンプル商事',
      counterparty: '髙橋商店株式会社',
      amount: 12_340_000,
      localId: 'CT-2026-0042',
      date: '2026-04-01',
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(await readDemoPdfText(bytes)).toEqual({
      lines: [
        '業務委託契約書',
        '甲',
        '株式会社サンプル商事',
        '乙',
        '髙橋商店株式会社',
        '取引金額',
        '12,340,000円',
        '契約締結日',
        '2026年4月1日',
        '管理番号',
        'CT-2026-0042',
        '書類ID',
        '0b6f3c1e-6f0a-4f7e-9d3a-2f1e8c9b7a10',
        '株式会社サンプル商事（以下「甲」という）と',
        '髙橋商店株式会社（以下「乙」という）は、',
        '次のとおり業務委託契約を締結する。',
        '',
        '本書はクラウドサイン 企業コンソールのデモ用に作成した書類です。',
        '甲（署名）',
        '乙（署名）',
      ],
      encoding: '/UniJIS-UCS2-H',
      ordering: '(Japan1)',
      // No font file inside: the viewer's Japanese font draws it, so seeding needs no font on the machine.
      embedded: false,
    });
  });

  it('shows 「—」 for what the document does not have', async () => {
    const bytes = await makeDemoPdf({
      documentId: 'd1',
      kindTitle: '雇用契約書',
      companyName: '株式会社アザー',
      counterparty: '山田 花子',
      amount: null,
      localId: null,
      date: null,
    });
    const { lines } = await readDemoPdfText(bytes);
    expect(lines.slice(0, 11)).toEqual([
      '雇用契約書',
      '甲',
      '株式会社アザー',
      '乙',
      '山田 花子',
      '取引金額',
      '—',
      '契約締結日',
      '—',
      '管理番号',
      '—',
    ]);
  });
});
