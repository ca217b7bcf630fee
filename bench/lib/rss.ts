/** Peak resident memory, sampled: of this process by default, or of another process by pid (Linux /proc). */
import { readFileSync } from 'node:fs';

export type RssSampler = { stop: () => { peakBytes: number; lastBytes: number; samples: number } };

export function rssOf(pid: number | undefined): number {
  if (pid === undefined || pid === process.pid) return process.memoryUsage.rss();
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

export function sampleRss(opts: { intervalMs?: number; pid?: number } = {}): RssSampler {
  let peak = rssOf(opts.pid);
  let last = peak;
  let samples = 1;
  const timer = setInterval(() => {
    try {
      last = rssOf(opts.pid);
      peak = Math.max(peak, last);
      samples++;
    } catch {
      // The process ended: keep what was seen.
    }
  }, opts.intervalMs ?? 100);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return { peakBytes: peak, lastBytes: last, samples };
    },
  };
}

export const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
