import { describe, expect, it } from 'vitest';
import { historyHref, historyPageOf } from './history-page.ts';

describe('the page of a bulk history in its URL', () => {
  it('reads a whole number from 1, and anything else as the first page', () => {
    const pageOf = (search: string) => historyPageOf(new URLSearchParams(search));
    expect(pageOf('page=3')).toBe(3);
    expect(pageOf('')).toBe(1);
    expect(pageOf('page=0')).toBe(1);
    expect(pageOf('page=-2')).toBe(1);
    expect(pageOf('page=2.5')).toBe(1);
    expect(pageOf('page=３')).toBe(1);
    expect(pageOf('page=9999999')).toBe(1);
  });

  it('writes the first page without a parameter', () => {
    expect(historyHref('/company/members/bulk_manipulations', 1)).toBe(
      '/company/members/bulk_manipulations',
    );
    expect(historyHref('/company/members/bulk_manipulations', 4)).toBe(
      '/company/members/bulk_manipulations?page=4',
    );
  });
});
