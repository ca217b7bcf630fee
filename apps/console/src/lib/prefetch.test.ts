import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_DELAY_MS, PREFETCH_WAIT_MS, prefetchable, schedulePrefetch } from './prefetch.ts';

afterEach(() => vi.useRealTimers());

describe('route prefetch (spec §9)', () => {
  it('starts after 1000 ms', async () => {
    vi.useFakeTimers();
    const prefetch = vi.fn(() => Promise.resolve());
    schedulePrefetch([prefetch], {} as Window);
    await vi.advanceTimersByTimeAsync(PREFETCH_DELAY_MS - 1);
    expect(prefetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('a navigation waits at most 100 ms for a prefetch in flight', async () => {
    vi.useFakeTimers();
    const slow = prefetchable(() => new Promise<string>(() => {}));
    const target = prefetchable(() => Promise.resolve('module'));
    void slow.prefetch();
    const loaded = vi.fn();
    void target.load().then(loaded);
    await vi.advanceTimersByTimeAsync(PREFETCH_WAIT_MS - 1);
    expect(loaded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(loaded).toHaveBeenCalledWith('module');
  });

  it('without prefetches in flight a navigation loads at once', async () => {
    const target = prefetchable(() => Promise.resolve('module'));
    await expect(target.load()).resolves.toBe('module');
  });
});
