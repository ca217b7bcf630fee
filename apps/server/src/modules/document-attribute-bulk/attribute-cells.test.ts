import { describe, expect, it } from 'vitest';
import type { TBulkCellError } from '@cloudsign/contract';
import { versionCell } from '../../bulk/version-cell.ts';
import {
  parseAmount,
  parseAutoUpdate,
  parseDate,
  parseDocumentId,
  parseOptionValue,
  parseText,
  parseVersion,
  formatVersion,
} from './attribute-cells.ts';
import { applyTexts, attributeTexts } from './attribute-values.ts';
import type { AttributeRow } from './document-attribute-bulk.repository.ts';

const run = <T>(f: (errors: TBulkCellError[]) => T) => {
  const errors: TBulkCellError[] = [];
  const value = f(errors);
  return { value, errors };
};

describe('dates', () => {
  // Every spelling of a day reads as the form the file writes (2026/04/01), so an unchanged day stays unchanged.
  it.each([
    ['2025-04-01', '2025/04/01'],
    ['2025/4/1', '2025/04/01'],
    ['2025/04/01', '2025/04/01'],
    ['２０２５／４／１', '2025/04/01'],
    ['2025年4月1日', '2025/04/01'],
    ['20250401', '2025/04/01'],
    ['令和8年4月1日', '2026/04/01'],
    ['令和元年5月1日', '2019/05/01'],
    ['R8.4.1', '2026/04/01'],
    ['  ', ''],
  ])('%s → %s', (raw, want) =>
    expect(run((e) => parseDate(raw, '契約終了日', e))).toEqual({ value: want, errors: [] }),
  );

  it.each(['25/4/1', '2025-04-01T00:00', '4月1日'])('%s is not a date', (raw) =>
    expect(run((e) => parseDate(raw, '契約終了日', e)).errors).toEqual([
      {
        column: '契約終了日',
        message:
          '契約終了日は 2026/04/01、2026/4/1、令和8年4月1日 のような日付で入力してください。',
      },
    ]),
  );

  it.each(['2025/2/30', '2025-13-01', '2023-02-29', '令和8年2月30日', '平成31年5月1日'])(
    '%s does not exist',
    (raw) =>
      expect(run((e) => parseDate(raw, '契約締結日', e)).errors).toEqual([
        { column: '契約締結日', message: '契約締結日に存在しない日付が入力されています。' },
      ]),
  );
});

describe('自動更新の有無', () => {
  it.each([
    ['', '指定なし'],
    ['指定なし', '指定なし'],
    ['あり', 'あり'],
    ['なし', 'なし'],
    ['0', '指定なし'],
    ['1', 'あり'],
    ['２', 'なし'],
  ])('%s → %s', (raw, want) =>
    expect(run((e) => parseAutoUpdate(raw, e))).toEqual({ value: want, errors: [] }),
  );
  it.each(['3', 'はい', 'true'])('%s is refused', (raw) =>
    expect(run((e) => parseAutoUpdate(raw, e)).errors).toEqual([
      {
        column: '自動更新の有無',
        message: '自動更新の有無は 指定なし・あり・なし、または 0・1・2 で入力してください。',
      },
    ]),
  );
});

describe('取引金額', () => {
  it.each([
    ['1000', '1000'],
    ['1,000', '1000'],
    ['12,345,678', '12345678'],
    ['１，０００', '1000'],
    ['００１２', '12'],
    ['１，０００，０００', '1000000'],
    ['1000000円', '1000000'],
    ['¥1000', '1000'],
    ['10,000円', '10000'],
    ['', ''],
  ])('%s → %s', (raw, want) =>
    expect(run((e) => parseAmount(raw, e))).toEqual({ value: want, errors: [] }),
  );
  it.each(['-1', '1.5', '1,00', '1e3', '10,000ドル'])('%s is refused', (raw) =>
    expect(run((e) => parseAmount(raw, e)).errors).toEqual([
      {
        column: '取引金額',
        message: '取引金額は0以上の整数で入力してください（例: 1000、1,000、1000円）。',
      },
    ]),
  );
  it('too large', () =>
    expect(run((e) => parseAmount('9007199254740993', e)).errors).toEqual([
      { column: '取引金額', message: '取引金額が大きすぎます。' },
    ]));
});

describe('text and user-defined items', () => {
  it('≤ 500 characters, trimmed', () => {
    expect(run((e) => parseText(` ${'あ'.repeat(500)} `, '管理番号', e))).toEqual({
      value: 'あ'.repeat(500),
      errors: [],
    });
    expect(run((e) => parseText('あ'.repeat(501), '管理番号', e)).errors).toEqual([
      { column: '管理番号', message: '管理番号は500文字以内で入力してください（現在501文字）。' },
    ]);
    expect(run((e) => parseOptionValue('x'.repeat(501), '部署', e)).errors).toEqual([
      { column: '部署', message: '部署は500文字以内で入力してください（現在501文字）。' },
    ]);
  });
});

describe('書類ID and 更新日時', () => {
  it('書類ID', () => {
    expect(run((e) => parseDocumentId(' 0E0E0E0E-0000-4000-8000-000000000000 ', e))).toEqual({
      value: '0e0e0e0e-0000-4000-8000-000000000000',
      errors: [],
    });
    expect(run((e) => parseDocumentId('', e)).errors).toEqual([
      { column: '書類ID', message: '書類IDを入力してください。' },
    ]);
    expect(run((e) => parseDocumentId('123', e)).errors).toEqual([
      {
        column: '書類ID',
        message:
          '書類IDの形式が正しくありません。ダウンロードしたCSVの値を変更せずにアップロードしてください。',
      },
    ]);
  });
  it('更新日時: a file from before reads to the millisecond; the download form and what a spreadsheet kept read too', () => {
    const d = new Date('2025-01-02T03:04:05.678Z');
    expect(formatVersion(d)).toBe('2025-01-02T12:04:05.678+09:00');
    expect(run((e) => parseVersion(formatVersion(d), e))).toEqual({
      value: { at: d.getTime(), unit: 1 },
      errors: [],
    });
    expect(run((e) => parseVersion(versionCell(d), e))).toEqual({
      value: { at: Date.parse('2025-01-02T03:04:05Z'), unit: 1000 },
      errors: [],
    });
    expect(run((e) => parseVersion('2025/1/2 12:04', e))).toEqual({
      value: { at: Date.parse('2025-01-02T03:04:00Z'), unit: 60_000 },
      errors: [],
    });
    expect(run((e) => parseVersion('', e)).errors).toEqual([
      {
        column: '更新日時',
        message:
          '更新日時を入力してください。ダウンロードしたCSVの値を変更せずにアップロードしてください。',
      },
    ]);
    expect(run((e) => parseVersion('2025/2/30 12:04', e)).errors).toEqual([
      {
        column: '更新日時',
        message:
          '更新日時の形式が正しくありません。ダウンロードしたCSVの値を変更せずにアップロードしてください。',
      },
    ]);
  });
});

describe('days in the file', () => {
  const doc: AttributeRow = {
    id: '00000000-0000-4000-8000-000000000001',
    title: '業務委託契約書',
    attrTitle: null,
    counterparty: null,
    contractAt: '2026-04-01',
    validityStartAt: null,
    validityEndAt: '2027-03-31',
    validityEndNoticeAt: null,
    autoUpdate: 0,
    localId: null,
    amount: null,
    options: {},
    updatedAt: new Date('2026-04-01T00:00:00Z'),
  };

  it('are written as the screens show them (2026/04/01), blank when unset', () => {
    expect(attributeTexts(doc, [])).toMatchObject({
      契約締結日: '2026/04/01',
      契約開始日: '',
      契約終了日: '2027/03/31',
    });
  });

  it('read back the same whether re-saved as 2026/4/1 or typed as 2026-04-01', () => {
    const written = attributeTexts(doc, [])['契約締結日'];
    for (const raw of ['2026/4/1', '2026-04-01', '2026/04/01'])
      expect(run((e) => parseDate(raw, '契約締結日', e)).value).toBe(written);
  });

  it('are stored as ISO days, from the written form and from a check kept before it', () => {
    expect(applyTexts(doc, { 契約締結日: '2026/05/01', 契約終了日: '' }, [])).toMatchObject({
      contractAt: '2026-05-01',
      validityEndAt: null,
      validityStartAt: null,
    });
    expect(applyTexts(doc, { 契約開始日: '2026-04-02' }, [])).toMatchObject({
      contractAt: '2026-04-01',
      validityStartAt: '2026-04-02',
    });
  });
});
