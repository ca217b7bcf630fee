/**
 * Peak resident memory growth of this process (the server runs in it) while some work runs, collecting
 * garbage at each sample: what is left is what the server holds.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const MB = 1024 * 1024;

// A full collection on demand: without it, the garbage of the test's own generated body (60 MB of fresh
// chunks, read and dropped by the server) counted as growth whenever V8 happened not to collect in time, and a
// route that reads the whole body (the import) failed on a busy machine (60 MB) while holding nothing.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Peak RSS growth (MB) over the baseline while `run` is in flight, sampled every 10 ms. */
export async function peakGrowthMb<T>(
  run: () => Promise<T>,
): Promise<{ result: T; growthMb: number }> {
  collect();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    collect();
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - baseline) / MB };
  } finally {
    clearInterval(timer);
  }
}
