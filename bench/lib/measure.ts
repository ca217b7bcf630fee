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

/** The raw latencies of one measurement, before they are summarised. */
export type Samples = {
  latencies: number[];
  errors: number;
  firstError?: string;
  durationMs: number;
};

export async function collectLatencies(opts: MeasureOptions): Promise<Samples> {
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
  return { latencies, errors, firstError, durationMs: performance.now() - started };
}

export function summarize(samples: Samples): LatencyStats {
  const latencies = [...samples.latencies].sort((a, b) => a - b);
  const sum = latencies.reduce((s, v) => s + v, 0);
  return {
    count: latencies.length,
    errors: samples.errors,
    firstError: samples.firstError,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
    mean: latencies.length ? sum / latencies.length : 0,
    throughput: latencies.length / (samples.durationMs / 1000),
    durationMs: samples.durationMs,
  };
}

export async function measureLatency(opts: MeasureOptions): Promise<LatencyStats> {
  return summarize(await collectLatencies(opts));
}

/** Wall time of one call, in milliseconds. */
export async function timeIt<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/**
 * Figure and ceiling measured in alternating short rounds (figure first in even rounds, ceiling first in odd
 * ones), so a burst of load from others on a shared machine lands on both instead of on one of them. Each
 * round gives one ratio (its figure's statistic ÷ its ceiling's); the spread of those ratios over the rounds
 * says how much a single ratio can be trusted.
 */
export type Interleaved = {
  /** Every round's samples of the figure, pooled, ascending. */
  figure: number[];
  ceiling: number[];
  /** figure ÷ ceiling of each round, in round order. */
  ratios: number[];
};

export const DEFAULT_ROUNDS = 5;

export async function interleave(opts: {
  rounds?: number;
  /** One round of the figure: its samples (one timing, or the latencies of a short load). */
  figure: (round: number) => Promise<number[]>;
  ceiling: (round: number) => Promise<number[]>;
  /** The statistic compared per round (default p95; a single timing is its own p95). */
  stat?: (sorted: readonly number[]) => number;
}): Promise<Interleaved> {
  const rounds = opts.rounds ?? DEFAULT_ROUNDS;
  const stat = opts.stat ?? ((s: readonly number[]) => percentile(s, 95));
  const figure: number[] = [];
  const ceiling: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let f: number[];
    let c: number[];
    if (r % 2 === 0) {
      f = await opts.figure(r);
      c = await opts.ceiling(r);
    } else {
      c = await opts.ceiling(r);
      f = await opts.figure(r);
    }
    const fs = [...f].sort((a, b) => a - b);
    const cs = [...c].sort((a, b) => a - b);
    ratios.push(stat(cs) > 0 ? stat(fs) / stat(cs) : Number.NaN);
    figure.push(...f);
    ceiling.push(...c);
  }
  figure.sort((a, b) => a - b);
  ceiling.sort((a, b) => a - b);
  return { figure, ceiling, ratios };
}

/** Latency of many requests, figure and ceiling alternating in `rounds` rounds of requests ÷ rounds each. */
export async function measureInterleaved(opts: {
  rounds?: number;
  figure: MeasureOptions;
  ceiling: MeasureOptions;
}): Promise<{ figure: LatencyStats; ceiling: LatencyStats; ratios: number[] }> {
  const rounds = opts.rounds ?? DEFAULT_ROUNDS;
  const acc = { figure: { errors: 0, ms: 0 } as Acc, ceiling: { errors: 0, ms: 0 } as Acc };
  const roundOf = (o: MeasureOptions, a: Acc) => async (r: number) => {
    const s = await collectLatencies({
      ...o,
      requests: o.requests === undefined ? undefined : Math.max(1, Math.ceil(o.requests / rounds)),
      durationMs: o.durationMs === undefined ? undefined : o.durationMs / rounds,
      warmup: r === 0 ? o.warmup : 0,
    });
    a.errors += s.errors;
    a.firstError ??= s.firstError;
    a.ms += s.durationMs;
    return s.latencies;
  };
  const result = await interleave({
    rounds,
    figure: roundOf(opts.figure, acc.figure),
    ceiling: roundOf(opts.ceiling, acc.ceiling),
  });
  const stats = (latencies: number[], a: Acc) =>
    summarize({ latencies, errors: a.errors, firstError: a.firstError, durationMs: a.ms });
  return {
    figure: stats(result.figure, acc.figure),
    ceiling: stats(result.ceiling, acc.ceiling),
    ratios: result.ratios,
  };
}
type Acc = { errors: number; firstError?: string; ms: number };

/** "ratio over 5 rounds ×0.95–×1.40 (IQR ×1.02–×1.21)": the spread a row's ratio carries. */
export function spreadNote(ratios: readonly number[]): string {
  const s = ratios.filter((r) => Number.isFinite(r)).sort((a, b) => a - b);
  if (s.length === 0) return 'ratio over rounds: -';
  const x = (n: number) => `×${n.toFixed(2)}`;
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.round(p * (s.length - 1))))]!;
  const iqr = s.length >= 4 ? ` (IQR ${x(q(0.25))}–${x(q(0.75))})` : '';
  return `ratio over ${s.length} rounds ${x(s[0]!)}–${x(s[s.length - 1]!)}${iqr}`;
}
