import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedOnce, ListCache } from './list-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('ListCache', () => {
  it('drops the least recently used entry beyond its capacity', () => {
    const cache = new ListCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('keeps an entry with a time limit only that long after it was set', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const cache = new ListCache<string>(10, 60_000);
    cache.set('k', 'v');
    vi.setSystemTime(new Date('2026-01-01T00:00:59.999Z'));
    expect(cache.get('k')).toBe('v');
    vi.setSystemTime(new Date('2026-01-01T00:01:00Z'));
    expect(cache.get('k')).toBeUndefined();
  });
});

describe('cachedOnce', () => {
  it('shares one computation between concurrent callers and forgets a failure', async () => {
    const cache = new ListCache<Promise<number>>(10);
    const compute = vi.fn(async () => 7);
    expect(
      await Promise.all([cachedOnce(cache, 'k', compute), cachedOnce(cache, 'k', compute)]),
    ).toEqual([7, 7]);
    expect(compute).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => Promise.reject(new Error('down')));
    await expect(cachedOnce(cache, 'f', failing)).rejects.toThrow('down');
    await expect(cachedOnce(cache, 'f', failing)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
