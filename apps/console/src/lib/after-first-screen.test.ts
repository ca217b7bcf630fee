import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { afterFirstScreen, FIRST_SCREEN_FALLBACK_MS } from './after-first-screen.ts';

/** A window whose timers and idle callbacks run only when the test says. */
function fakeWindow() {
  const timers: (() => void)[] = [];
  const idle: (() => void)[] = [];
  return {
    win: {
      setTimeout: ((cb: () => void) => timers.push(cb)) as unknown as Window['setTimeout'],
      requestIdleCallback: (cb: () => void) => idle.push(cb),
    },
    runTimers: () => timers.splice(0).forEach((cb) => cb()),
    runIdle: () => idle.splice(0).forEach((cb) => cb()),
  };
}

const deferred = () => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
};

describe('work that waits for the first screen', () => {
  it('runs at idle once every read started at load has answered, not before', async () => {
    const client = new QueryClient();
    const me = deferred();
    const list = deferred();
    void client.prefetchQuery({ queryKey: ['me'], queryFn: () => me.promise });
    const task = vi.fn();
    const w = fakeWindow();
    afterFirstScreen(client, task, w.win);
    void client.prefetchQuery({ queryKey: ['members'], queryFn: () => list.promise });
    me.resolve('me');
    await me.promise;
    w.runIdle();
    expect(task).not.toHaveBeenCalled();
    list.resolve('rows');
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(task).not.toHaveBeenCalled();
    w.runIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it(`runs after ${FIRST_SCREEN_FALLBACK_MS} ms on a page that reads nothing, once`, async () => {
    const client = new QueryClient();
    const task = vi.fn();
    const w = fakeWindow();
    afterFirstScreen(client, task, w.win);
    w.runTimers();
    w.runIdle();
    await client.prefetchQuery({ queryKey: ['later'], queryFn: () => 'x' });
    w.runIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
