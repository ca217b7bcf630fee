import { describe, expect, it } from 'vitest';
import { ZDocumentSearchQuery } from '@cloudsign/contract';
import { daysBetween, hasNoConditions, keywordTerms, termGrams } from './search-terms.ts';
import { searchConditions } from './documents-search.sql.ts';
import { checkImportFilename } from './documents-import.service.ts';

describe('a contract-date range written out day by day', () => {
  it('lists every day of the range, both ends included, across month and leap days', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(daysBetween('2024-12-31', '2024-12-31')).toEqual(['2024-12-31']);
    expect(daysBetween('2024-01-01', '2024-12-31')).toHaveLength(366);
  });

  it('answers null for an open or over-a-year range', () => {
    expect(daysBetween('2024-01-01', undefined)).toBeNull();
    expect(daysBetween(undefined, '2024-01-01')).toBeNull();
    expect(daysBetween('2023-01-01', '2024-01-02')).toBeNull();
  });
});

describe('keyword terms and their index keys', () => {
  it('normalises like search_text and splits into distinct words', () => {
    expect(keywordTerms('  ＹＡＭＡＤＡ　やまだ  ﾔﾏﾀﾞ ')).toEqual(['yamada', 'ヤマダ']);
    expect(keywordTerms('')).toEqual([]);
  });

  it('one character is its own key; longer words are their bigrams, counted in code points', () => {
    expect(termGrams('東')).toEqual(['東']);
    expect(termGrams('契約')).toEqual(['契約']);
    expect(termGrams('東京商事')).toEqual(['東京', '京商', '商事']);
    expect(termGrams('𠮷野家')).toEqual(['𠮷野', '野家']);
    expect(termGrams('aaaa')).toEqual(['aa']);
  });
});

describe('whether anything narrows a search, known without writing its SQL', () => {
  it('agrees with the conditions the SQL would hold, for each condition alone and for none', () => {
    const queries = [
      '',
      'keyword=%20%E3%80%80',
      'keyword=%E6%9D%B1',
      'status=2',
      'sender=%E5%B1%B1',
      'contractAtFrom=2024-01-01',
      'validityEndAtTo=2024-01-01',
      'sentAtFrom=2024-01-01',
      'contractAtFrom=2024-01-01&contractAtTo=2024-01-02&amountFrom=1',
      'amountTo=0',
      'autoUpdate=0',
      'localId=A',
      'counterparty=%E6%9D%B1',
      'counterparty=%E6%9D%B1&counterpartyMatch=exact',
      'counterparty=%20&counterpartyMatch=exact',
      'blank=amount',
      'option.11111111-1111-4111-8111-111111111111=x',
      'cabinetId=11111111-1111-4111-8111-111111111111',
    ];
    const answers = queries.map((q) => {
      const c = ZDocumentSearchQuery.parse(Object.fromEntries(new URLSearchParams(q)));
      return [q, hasNoConditions(c), searchConditions(c).length === 0];
    });
    expect(answers.filter(([, pure, sql]) => pure !== sql)).toEqual([]);
    expect(answers.filter(([, pure]) => pure).map(([q]) => q)).toEqual([
      '',
      'keyword=%20%E3%80%80',
      'counterparty=%20&counterpartyMatch=exact',
      'cabinetId=11111111-1111-4111-8111-111111111111',
    ]);
  });
});

describe('import file names (CS rule: ≤ 64 characters plus .pdf)', () => {
  it('accepts .pdf in any case and answers the title', () => {
    expect(checkImportFilename('契約書.PDF')).toEqual({ title: '契約書' });
    expect(checkImportFilename(`${'あ'.repeat(64)}.pdf`)).toEqual({ title: 'あ'.repeat(64) });
  });
  it('rejects other extensions, empty and long names', () => {
    expect(checkImportFilename('a.docx')).toMatchObject({ code: 'unsupported_media_type' });
    expect(checkImportFilename('.pdf')).toMatchObject({
      code: 'validation_failed',
      message: 'ファイル名がありません。',
    });
    expect(checkImportFilename(`${'あ'.repeat(65)}.pdf`)).toMatchObject({
      code: 'validation_failed',
    });
  });
});
