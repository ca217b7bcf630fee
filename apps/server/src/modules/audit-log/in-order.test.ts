import { describe, expect, it } from 'vitest';
import { inOrder, OutOfOrder } from './in-order.ts';

const sortThrough = (xs: number[], window: number) => {
  const out: number[] = [];
  const o = inOrder<number>(
    (a, b) => a < b,
    (x) => out.push(x),
    window,
  );
  for (const x of xs) o.push(x);
  o.end();
  return out;
};

describe('rows put in key order within a window (verify reads the table as it lies)', () => {
  it('rows a few places out of order leave in order, each once', () => {
    const xs = Array.from({ length: 1_000 }, (_, i) => i + 1);
    // Two pages written side by side: their rows interleave.
    for (let i = 0; i + 5 < xs.length; i += 7) [xs[i], xs[i + 5]] = [xs[i + 5]!, xs[i]!];
    expect(sortThrough(xs, 16)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
  });

  it('a row further out of order than the window, or a key seen twice, stops the read', () => {
    const late = [...Array.from({ length: 100 }, (_, i) => i + 2), 1];
    expect(() => sortThrough(late, 16)).toThrow(OutOfOrder);
    expect(sortThrough(late, 128)[0]).toBe(1);
    expect(() => sortThrough([1, 2, 2, 3], 16)).toThrow(OutOfOrder);
    expect(() => sortThrough([1, 2, 3, 2], 0)).toThrow(OutOfOrder);
  });
});
