import { describe, expect, it } from 'vitest';
import {
  normalizeEmailInput,
  normalizeFuriganaInput,
  parseAmountInput,
  parseDateInput,
} from './japanese-input.ts';

describe('parseAmountInput', () => {
  it.each([
    ['1000000', 1_000_000],
    ['1,000,000', 1_000_000],
    ['１，０００，０００', 1_000_000],
    ['1000000円', 1_000_000],
    ['１０００円', 1000],
    ['¥1,000', 1000],
    ['￥１，０００', 1000],
    [' 1,000 円 ', 1000],
    ['0', 0],
    ['007', 7],
    ['100万円', 1_000_000],
    ['１００万円', 1_000_000],
    ['3万5,000円', 35_000],
    ['1億2,000万円', 120_000_000],
    ['1億5000', 100_005_000],
  ])('%s → %d', (raw, value) => {
    expect(parseAmountInput(raw)).toEqual({ ok: true, value });
  });

  it.each([
    '',
    '1,00',
    '10,0000',
    '-1',
    '1.5',
    '百円',
    'abc',
    '1,000,000ドル',
    '万円',
    '1万20000',
    '1億10000万',
    '1.5万',
  ])('refuses %j as a format error', (raw) => {
    expect(parseAmountInput(raw)).toEqual({ ok: false, reason: 'format' });
  });

  it('refuses an amount beyond a safe integer as out of range', () => {
    expect(parseAmountInput('99999999999999999')).toEqual({ ok: false, reason: 'range' });
  });
});

describe('parseDateInput', () => {
  it.each([
    ['2026-04-01', '2026-04-01'],
    ['2026/4/1', '2026-04-01'],
    ['２０２６／４／１', '2026-04-01'],
    ['2026.4.1', '2026-04-01'],
    ['2026年4月1日', '2026-04-01'],
    ['20260401', '2026-04-01'],
    ['令和8年4月1日', '2026-04-01'],
    ['令和８年４月１日', '2026-04-01'],
    ['㋿8年4月1日', '2026-04-01'],
    ['令和元年5月1日', '2019-05-01'],
    ['R8.4.1', '2026-04-01'],
    ['r8/4/1', '2026-04-01'],
    ['Ｒ８．４．１', '2026-04-01'],
    ['平成31年4月30日', '2019-04-30'],
    ['H1.1.8', '1989-01-08'],
    ['昭和64年1月7日', '1989-01-07'],
    ['S50.12.31', '1975-12-31'],
  ])('%s → %s', (raw, value) => {
    expect(parseDateInput(raw)).toEqual({ ok: true, value });
  });

  it.each(['', '2026/4', '4/1', '2026-04-01T00:00', 'きのう', '令和8年', 'X8.4.1'])(
    'refuses %j as a format error',
    (raw) => {
      expect(parseDateInput(raw)).toEqual({ ok: false, reason: 'format' });
    },
  );

  it.each([
    '2026-02-30',
    '2026/13/1',
    '令和8年2月30日',
    '令和元年4月30日',
    '平成31年5月1日',
    '平成0年1月1日',
  ])('refuses %j as no such day', (raw) => {
    expect(parseDateInput(raw)).toEqual({ ok: false, reason: 'range' });
  });
});

describe('normalizeEmailInput', () => {
  it.each([
    ['taro@example.com', 'taro@example.com'],
    ['ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'taro@example.com'],
    [' Taro@Example.COM ', 'taro@example.com'],
    ['ＴＡＲＯ.Yamada＠example.jp', 'taro.yamada@example.jp'],
  ])('%s → %s', (raw, value) => {
    expect(normalizeEmailInput(raw)).toEqual({ ok: true, value });
  });

  it.each(['たろう@example.com', 'taro@例え.jp'])(
    'refuses %j (not half-width after NFKC)',
    (raw) => {
      expect(normalizeEmailInput(raw)).toEqual({ ok: false, reason: 'format' });
    },
  );
});

describe('normalizeFuriganaInput', () => {
  it.each([
    ['ヤマダ タロウ', 'ヤマダ\u3000タロウ'],
    ['やまだ　たろう', 'ヤマダ\u3000タロウ'],
    ['ﾔﾏﾀﾞ ﾀﾛｳ', 'ヤマダ\u3000タロウ'],
    ['ヴァーチャル', 'ヴァーチャル'],
    ['', ''],
  ])('%j → %j', (raw, value) => {
    expect(normalizeFuriganaInput(raw)).toEqual({ ok: true, value });
  });

  it.each(['山田', 'Yamada', 'ヤマダ1'])('refuses %j', (raw) => {
    expect(normalizeFuriganaInput(raw)).toEqual({ ok: false, reason: 'format' });
  });
});
