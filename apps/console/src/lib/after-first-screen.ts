import type { QueryClient } from '@tanstack/react-query';

type IdleWindow = Pick<Window, 'setTimeout'> & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
};

/** How long a page that never reads anything waits before `task` runs anyway. */
export const FIRST_SCREEN_FALLBACK_MS = 5000;

/**
 * Runs `task` once the first screen has what it shows: after the reads in flight at start (the user check,
 * the page's lists) have all answered, at the browser's next idle moment. Work that shows the person nothing
 * (the log SDK) waits for it instead of downloading and running while the page's rows are still on their way.
 */
export function afterFirstScreen(client: QueryClient, task: () => void, win: IdleWindow = window) {
  let isDone = false;
  const run = () => {
    if (isDone) return;
    isDone = true;
    unsubscribe();
    if (win.requestIdleCallback) win.requestIdleCallback(task, { timeout: 2000 });
    else win.setTimeout(task, 0);
  };
  // Reads start while the page's code loads, so "nothing in flight" counts only after something was.
  let hasFetched = client.isFetching() > 0;
  const unsubscribe = client.getQueryCache().subscribe(() => {
    const fetching = client.isFetching();
    if (fetching > 0) hasFetched = true;
    else if (hasFetched) run();
  });
  win.setTimeout(run, FIRST_SCREEN_FALLBACK_MS);
}
