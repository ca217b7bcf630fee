/**
 * Peak resident memory growth of this process (the server runs in it) while some work runs, collecting
 * garbage at each sample: what is left is what the server holds.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const MB = 1024 * 1024;

// Collections on demand: without them, the garbage of the test's own generated body (60 MB of fresh chunks, read
// and dropped by the server) counted as growth whenever V8 happened not to collect in time, and a route that reads
// the whole body (the import) failed on a busy machine (60 MB) while holding nothing. The chunks die young, so a
// minor collection at each sample frees them; a full one every FULL_EVERY samples catches what was promoted. A full
// collection at every sample made each 60 MB upload last a minute (the server starved by back-to-back collections).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
const FULL_EVERY = 20;

/** Peak RSS growth (MB) over the baseline while `run` is in flight, sampled every 10 ms. */
export async function peakGrowthMb<T>(
  run: () => Promise<T>,
): Promise<{ result: T; growthMb: number }> {
  gc();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let samples = 0;
  const timer = setInterval(() => {
    gc(++samples % FULL_EVERY === 0 ? undefined : { type: 'minor' });
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
