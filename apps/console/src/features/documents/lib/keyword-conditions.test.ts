/**
 * The documents keyword box: an amount or a date typed there becomes the 取引金額 / 契約締結日 condition it
 * means; anything else stays a keyword (issue 30: 「1,000,000」 answered 全0件).
 */
import { describe, expect, it } from 'vitest';
import { keywordNotice, keywordPatch, keywordProblem, readKeyword } from './keyword-conditions.ts';

describe('readKeyword', () => {
  it.each([
    ['1,000,000', 1_000_000],
    ['１，０００，０００', 1_000_000],
    ['100万円', 1_000_000],
    ['１００万円', 1_000_000],
    ['1000000円', 1_000_000],
    ['¥1,000,000', 1_000_000],
    [' 1,000,000 円 ', 1_000_000],
  ])('%j is the amount %d', (typed, value) => {
    expect(readKeyword(typed)).toEqual({
      keyword: undefined,
      conditions: [{ kind: 'amount', typed: typed.trim(), value }],
      impossibleDates: [],
    });
  });

  it.each([
    '令和8年11月26日',
    'R8.11.26',
    '2026/11/26',
    '2026年11月26日',
    '２０２６／１１／２６',
    '令和８年１１月２６日',
    '2026-11-26',
    '令和8年 11月 26日',
  ])('%j is the 契約締結日 2026-11-26', (typed) => {
    expect(readKeyword(typed)).toEqual({
      keyword: undefined,
      conditions: [{ kind: 'contractAt', typed, value: '2026-11-26' }],
      impossibleDates: [],
    });
  });

  it.each(['業務委託契約', '1000000', '20261126', '１２３４', 'ACME,Inc', '1,00', '第3期'])(
    '%j stays a keyword',
    (typed) => {
      expect(readKeyword(typed)).toEqual({ keyword: typed, conditions: [], impossibleDates: [] });
    },
  );

  it.each([
    '2026/02/30',
    '2026/2/30',
    '令和8年13月1日',
    '２０２６年２月３０日',
    '平成32年1月1日',
    '2026-04-31',
  ])('%j is a date that does not exist: it is neither a keyword nor a condition', (typed) => {
    const reading = readKeyword(typed);
    expect(reading).toEqual({ keyword: undefined, conditions: [], impossibleDates: [typed] });
    expect(keywordProblem(reading)).toBe(`「${typed}」は存在しない日付です。`);
  });

  it('names the impossible date among other words, and nothing when every date exists', () => {
    const reading = readKeyword('業務委託 2026/02/30 1,000');
    expect(reading.impossibleDates).toEqual(['2026/02/30']);
    expect(keywordProblem(reading)).toBe('「2026/02/30」は存在しない日付です。');
    expect(keywordProblem(readKeyword('業務委託 2026/02/28'))).toBeNull();
  });

  it('reads word by word: the words that are no amount or date stay the keyword', () => {
    expect(readKeyword('業務委託　1,000,000 R8.11.26 山田')).toEqual({
      keyword: '業務委託 山田',
      conditions: [
        { kind: 'amount', typed: '1,000,000', value: 1_000_000 },
        { kind: 'contractAt', typed: 'R8.11.26', value: '2026-11-26' },
      ],
      impossibleDates: [],
    });
  });

  it('takes one amount and one date; a second stays a keyword', () => {
    expect(readKeyword('1,000 2,000').keyword).toBe('2,000');
  });
});

describe('keywordPatch and keywordNotice', () => {
  it('an amount asks for exactly that amount, a date for that one day, and the box empties', () => {
    expect(keywordPatch(readKeyword('1,000,000 2026/11/26'))).toEqual({
      keyword: undefined,
      amountFrom: 1_000_000,
      amountTo: 1_000_000,
      contractAtFrom: '2026-11-26',
      contractAtTo: '2026-11-26',
    });
  });

  it('says what became a condition, and nothing when all stayed a keyword', () => {
    expect(keywordNotice(readKeyword('100万円'))).toBe('「100万円」を取引金額の条件にしました。');
    expect(keywordNotice(readKeyword('令和8年11月26日'))).toBe(
      '「令和8年11月26日」を契約締結日の条件にしました。',
    );
    expect(keywordNotice(readKeyword('業務委託'))).toBeNull();
  });
});
