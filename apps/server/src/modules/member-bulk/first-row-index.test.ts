import { describe, expect, it } from 'vitest';
import { FirstRowIndex } from './first-row-index.ts';

describe('FirstRowIndex', () => {
  it('answers the first row of a key claimed again, and nothing for a new key', () => {
    const index = new FirstRowIndex();
    expect(index.claim('a@example.com', 2)).toBeUndefined();
    expect(index.claim('b@example.com', 3)).toBeUndefined();
    expect(index.claim('a@example.com', 4)).toBe(2);
    expect(index.claim('a@example.com', 5)).toBe(2);
    expect(index.claim('A@example.com', 6)).toBeUndefined();
    expect(index.size).toBe(3);
  });

  it('tells apart keys of every length and script, across its growth', () => {
    const index = new FirstRowIndex();
    const keys = Array.from({ length: 50_000 }, (_, i) =>
      i % 3 === 0 ? `髙橋${i}@例え.jp` : i % 3 === 1 ? `${'x'.repeat(i % 300)}${i}` : `${i}`,
    );
    keys.push('');
    keys.forEach((k, i) => expect(index.claim(k, i + 2)).toBeUndefined());
    expect(index.size).toBe(keys.length);
    const wrong = keys.filter((k, i) => index.claim(k, 1_000_000) !== i + 2);
    expect(wrong).toEqual([]);
  });

  it('answers who claimed a key without claiming it', () => {
    const index = new FirstRowIndex();
    index.claim('a@example.com', 2);
    expect(index.firstRow('a@example.com')).toBe(2);
    expect(index.firstRow('b@example.com')).toBeUndefined();
    expect(index.claim('b@example.com', 3)).toBeUndefined();
    expect(index.size).toBe(2);
  });
});
