/** Latency under N concurrent clients: bounded in requests and time, so a run always stops by itself. */

export type LatencyStats = {
  count: number;
  errors: number;
  firstError?: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  /** Completed requests per second over the measured window. */
  throughput: number;
  durationMs: number;
};

export type MeasureOptions = {
  clients: number;
  /** Stop after this many requests in total (default: unbounded, then durationMs must be set). */
  requests?: number;
  /** Stop after this long (default 60 s cap even when `requests` is given). */
  durationMs?: number;
  /** Requests per client before measuring (not recorded). */
  warmup?: number;
  /** One request. Throwing counts as an error; latency is still recorded. */
  run: (client: number, i: number) => Promise<void>;
};

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export async function measureLatency(opts: MeasureOptions): Promise<LatencyStats> {
  if (opts.requests === undefined && opts.durationMs === undefined)
    throw new Error('measureLatency needs requests or durationMs');
  const limitMs = opts.durationMs ?? 60_000;
  const maxRequests = opts.requests ?? Number.POSITIVE_INFINITY;
  if (opts.warmup) {
    await Promise.all(
      Array.from({ length: opts.clients }, async (_, c) => {
        for (let i = 0; i < opts.warmup!; i++) await opts.run(c, -1 - i).catch(() => undefined);
      }),
    );
  }
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let issued = 0;
  const started = performance.now();
  const deadline = started + limitMs;
  await Promise.all(
    Array.from({ length: opts.clients }, async (_, client) => {
      while (issued < maxRequests && performance.now() < deadline) {
        const i = issued++;
        const t0 = performance.now();
        try {
          await opts.run(client, i);
        } catch (e) {
          errors++;
          firstError ??= e instanceof Error ? e.message : String(e);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const durationMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const sum = latencies.reduce((s, v) => s + v, 0);
  return {
    count: latencies.length,
    errors,
    firstError,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
    mean: latencies.length ? sum / latencies.length : 0,
    throughput: latencies.length / (durationMs / 1000),
    durationMs,
  };
}

/** Wall time of one call, in milliseconds. */
export async function timeIt<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}
