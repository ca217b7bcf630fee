/** Spec §9: route modules are prefetched after 1000 ms idle; a navigation waits at most 100 ms for them. */
export const PREFETCH_DELAY_MS = 1000;
export const PREFETCH_WAIT_MS = 100;

type Importer<T> = () => Promise<T>;

// eslint-disable-next-line no-restricted-syntax -- downloads of this process's own modules, removed when done: no member's data.
const inFlight = new Set<Promise<unknown>>();

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Wraps a route module's dynamic import. A navigation that starts while prefetches are still downloading
 * gives them up to 100 ms (they share the network with the module it needs) and then imports regardless.
 */
export function prefetchable<T>(importer: Importer<T>) {
  let prefetched: Promise<T> | null = null;
  return {
    prefetch: (): Promise<T> => {
      if (!prefetched) {
        const promise = importer();
        prefetched = promise;
        inFlight.add(promise);
        const done = () => inFlight.delete(promise);
        promise.then(done, () => {
          done();
          prefetched = null; // a failed prefetch must not poison the real navigation
        });
      }
      return prefetched;
    },
    load: async (): Promise<T> => {
      if (inFlight.size > 0)
        await Promise.race([Promise.allSettled([...inFlight]), wait(PREFETCH_WAIT_MS)]);
      return importer();
    },
  };
}

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
};

/** Starts the prefetch of every route module 1 s after start, when the browser is idle. */
export function schedulePrefetch(
  prefetchers: readonly (() => Promise<unknown>)[],
  win: IdleWindow = window,
): void {
  setTimeout(() => {
    const run = () => {
      for (const prefetch of prefetchers) prefetch().catch(() => undefined);
    };
    if (win.requestIdleCallback) win.requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, PREFETCH_DELAY_MS);
}
