import { describe, expect, it } from 'vitest';
import { textProblem, toSingleLine } from './text.ts';

describe('toSingleLine (outside text made to follow the single-line rule)', () => {
  it.each([
    ['山田\r\n花子\u202e', '山田 花子'],
    [' 営業部\u2028\u2029第一課 ', '営業部 第一課'],
    ['a\n\u202e\nb', 'a b'],
    ['\ufeffx\u200by\u0001', 'xy'],
    ['a\tb\u0085c', 'a b c'],
    ['\u202e\r\n', ''],
    ['👨\u200d👩', '👨\u200d👩'],
  ])('%j → %j', (input, output) => {
    expect(toSingleLine(input, 64)).toBe(output);
    expect(textProblem(output, '氏名')).toBeNull();
  });

  it('cuts at the maximum in UTF-16 units, never inside a surrogate pair, then trims', () => {
    expect(toSingleLine('長'.repeat(80), 64)).toBe('長'.repeat(64));
    expect(toSingleLine(`${'x'.repeat(63)}😀`, 64)).toBe('x'.repeat(63));
    expect(toSingleLine(`${'x'.repeat(63)} y`, 64)).toBe('x'.repeat(63));
  });
});
