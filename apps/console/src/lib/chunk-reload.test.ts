import { describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload.ts';

describe('chunk-load reload guard (spec §8, §9)', () => {
  it('recognises dynamic import failures', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });

  it('reloads at most once per 10 s per path', () => {
    let now = 1_000_000;
    const reload = vi.fn();
    const env = { storage: sessionStorage, now: () => now, reload };
    expect(reloadOnceForChunkError('/company/members', env)).toBe(true);
    now += RELOAD_GUARD_MS - 1;
    expect(reloadOnceForChunkError('/company/members', env)).toBe(false);
    expect(reloadOnceForChunkError('/cabinets', env)).toBe(true);
    now += 1;
    expect(reloadOnceForChunkError('/company/members', env)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
