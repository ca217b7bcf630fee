/**
 * The contract between `bench/run.ts` and every `bench/*.bench.ts` module: each exports
 * `benchmarks: Benchmark[]`; the runner gives them a context and prints one table of their results.
 */
import type { TPlan } from '@cloudsign/contract';
import type { Database } from '../../apps/server/src/db/client.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import type { LargeSeedResult } from '../../apps/server/src/seed/large-seed.ts';
import type { measureLatency } from './measure.ts';
import type { sampleRss } from './rss.ts';

export type BenchResult = {
  /** What was measured, in `unit`. */
  figure: number;
  /** The best this machine can do for the same work, measured in the same run (e.g. a raw SQL equivalent). */
  ceiling: number;
  unit: string;
  /** Whether `figure` meets the benchmark's `target`. */
  pass: boolean;
  note?: string;
};

export type DbKind = 'postgres' | 'pglite';

export type LargeCompanyOptions = {
  members: number;
  documents: number;
  plan?: TPlan;
  kind?: DbKind;
};

export type BenchContext = {
  /** A fresh database (`bench_<x>`) made for this run and dropped after it. */
  databaseUrl: string;
  /** Opened on `databaseUrl`, migrations applied. */
  database: Database;
  /** AppDeps (site/api/worker building blocks) on the bench database, or on an in-memory PGlite; one per kind, closed at the end. */
  deps: (kind?: DbKind) => Promise<AppDeps>;
  /** Seeds a large company once per distinct options and run; later calls with the same options share it. */
  largeCompany: (opts: LargeCompanyOptions) => Promise<LargeSeedResult>;
  /** `Math.max(1, Math.round(n * scale))`: `--scale 0.1` makes a quick run with smaller data. */
  size: (n: number) => number;
  scale: number;
  measure: typeof measureLatency;
  sampleRss: typeof sampleRss;
  log: (message: string) => void;
  /**
   * Whether `--only` chose the benchmark of this name: a module that measures many rows in one pass (the
   * documents benchmark) measures only those chosen.
   */
  isSelected: (name: string) => boolean;
};

export type Benchmark = {
  name: string;
  /** The goal in words, e.g. `≤ 1.5× ceiling` or `p95 ≤ 300 ms at 200 clients`. */
  target: string;
  run: (ctx: BenchContext) => Promise<BenchResult>;
};
