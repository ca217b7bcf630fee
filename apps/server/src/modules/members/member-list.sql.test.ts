import { describe, expect, it } from 'vitest';
import { keywordTerms } from './member-list.sql.ts';

describe('a member keyword’s terms', () => {
  it('are normalised as people type (full width, かな, variants), deduplicated, at most ten', () => {
    expect(keywordTerms('  ＹＡＭＡＤＡ　やまだ  ﾔﾏﾀﾞ 髙橋 ')).toEqual([
      'yamada',
      'ヤマダ',
      '高橋',
    ]);
    expect(keywordTerms('a b c d e f g h i j k l')).toHaveLength(10);
    expect(keywordTerms('')).toEqual([]);
    expect(keywordTerms(undefined)).toEqual([]);
  });

  it('are worked out once per keyword, and nobody can change them for the next asker', () => {
    const first = keywordTerms('青木 久美子');
    expect(keywordTerms('青木 久美子')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => (first as string[]).push('x')).toThrow(TypeError);
    expect(keywordTerms('青木 久美子')).toEqual(['青木', '久美子']);
  });
});
