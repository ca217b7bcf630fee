import { describe, expect, it } from 'vitest';
import {
  VIRTUAL_LIST_BUFFER_PX,
  VIRTUAL_LIST_RENDER_LIMIT,
  limitedRange,
} from './virtual-list.tsx';

describe('virtual list limits (spec §9)', () => {
  it('renders at most 1000 items with a 200 px buffer', () => {
    expect(VIRTUAL_LIST_RENDER_LIMIT).toBe(1000);
    expect(VIRTUAL_LIST_BUFFER_PX).toBe(200);
    const rows = limitedRange({ startIndex: 0, endIndex: 4999, overscan: 5, count: 10_000 });
    expect(rows).toHaveLength(1000);
    expect(rows[0]).toBe(0);
  });
  it('keeps a small range whole, with its overscan', () => {
    expect(limitedRange({ startIndex: 10, endIndex: 20, overscan: 5, count: 100 })).toEqual(
      Array.from({ length: 21 }, (_, i) => i + 5),
    );
  });
});
