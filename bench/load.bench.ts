/**
 * Load: the whole product in its own process — site, api and worker — under 200 concurrent
 * signed-in clients for 60 s of a realistic mix (lists, searches, details, cabinets, token refreshes) while a
 * member bulk check runs again and again, on PostgreSQL; then PGlite at the concurrency it can serve.
 * Ceiling: the cheapest signed-in call (`GET /me`) at the same concurrency on the same server, same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { multipartBody } from './lib/http-client.ts';
import {
  bulkAddCsv,
  createClients,
  loadWords,
  runBulkChecks,
  type LoadUser,
} from './lib/load-mix.ts';
import { mib, rssOf } from './lib/rss.ts';
import { buildAsNpmStart, npmStartSteps } from './lib/npm-start.ts';
import { seedPgliteCompany } from './lib/pglite-company.ts';
import { startServer } from './lib/server-process.ts';
import { prepareUsers } from './lib/signed-in-users.ts';
import type { Benchmark, BenchContext, BenchResult } from './lib/types.ts';

const PG_CLIENTS = 200;
/** The knee: the same mix at this many clients, same server, same run; 200 clients must keep ≥ 60 % of it. */
const KNEE_CLIENTS = 20;
const KNEE_SHARE = 0.6;
const PG_P99_MS = 2000;
/** PGlite is one connection in one process: the steps tried, and what "served" means. */
const PGLITE_STEPS = [1, 2, 5, 10, 20, 50];
const SERVED_P99_MS = 1000;

type LoadRun = {
  clients: number;
  requests: number;
  errors: number;
  firstError?: string;
  p50: number;
  p95: number;
  p99: number;
  throughput: number;
  ceilingP99: number;
  /** Throughput of the same mix at KNEE_CLIENTS, measured on the same server just before. */
  kneeThroughput?: number;
  /** A refused ceiling request would make the ceiling look faster than it is. */
  ceilingErrors: number;
  bulkChecks: number;
  bulkErrors: string[];
  /** The three kinds of request with the highest p95. */
  slowest: string;
  rssStartMiB: number;
  rssEndMiB: number;
  note?: string;
};

/** Mean RSS of the server over the first and the last quarter of the measured window. */
function rssSeries(pid: number) {
  const samples: number[] = [];
  const timer = setInterval(() => {
    try {
      samples.push(rssOf(pid));
    } catch {
      // The server ended: keep what was seen.
    }
  }, 500);
  return () => {
    clearInterval(timer);
    const q = Math.max(1, Math.floor(samples.length / 4));
    const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / Math.max(1, a.length);
    return { start: mean(samples.slice(0, q)), end: mean(samples.slice(-q)) };
  };
}

async function loadRun(
  ctx: BenchContext,
  opts: {
    port: number;
    dataDir: string;
    databaseUrl?: string;
    users: LoadUser[];
    clients: number;
    durationMs: number;
    bulkRows: number;
    kneeClients?: number;
  },
): Promise<LoadRun> {
  // The server as npm start runs it, on either database: the bundle with the start script's flags. PGlite runs
  // in the server's process, so --liftoff-only is its speed and memory; the young generation's size
  // (--max-semi-space-size) sets how often either server collects under load.
  buildAsNpmStart();
  const server = await startServer({
    port: opts.port,
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    bundle: true,
    nodeArgs: npmStartSteps().serverFlags,
  });
  try {
    const target = { siteUrl: server.siteUrl, apiUrl: server.apiUrl };
    // Every prepared member signs in, however few clients run: see createClients.
    const mix = await createClients(target, opts.users, loadWords);
    ctx.log(`負荷: ${opts.clients} クライアントで準備運転`);
    await ctx.measure({
      clients: opts.clients,
      durationMs: Math.min(10_000, opts.durationMs),
      run: (c) => mix.next(c),
    });
    const ceiling = await ctx.measure({
      clients: opts.clients,
      durationMs: Math.min(15_000, opts.durationMs),
      run: (c) => mix.me(c),
    });

    const knee = opts.kneeClients
      ? await ctx.measure({
          clients: opts.kneeClients,
          durationMs: Math.min(20_000, opts.durationMs),
          run: (c) => mix.next(c),
        })
      : undefined;

    ctx.log(
      `負荷: ${opts.clients} クライアント × ${opts.durationMs / 1000} 秒（メンバー一括チェックを並行実行）`,
    );
    mix.resetStats();
    const rss = rssSeries(server.pid);
    let done = false;
    const admin = opts.users.find((u) => u.isAdmin)!;
    const bulk = runBulkChecks({
      target,
      admin,
      csv: bulkAddCsv(opts.bulkRows),
      multipart: (b) => multipartBody(b, 'members.csv'),
      until: () => done,
    });
    const stats = await ctx.measure({
      clients: opts.clients,
      durationMs: opts.durationMs,
      run: (c) => mix.next(c),
    });
    done = true;
    const memory = rss();
    const bulkResult = await bulk;
    return {
      clients: opts.clients,
      requests: stats.count,
      errors: stats.errors,
      firstError: stats.firstError,
      p50: stats.p50,
      p95: stats.p95,
      p99: stats.p99,
      throughput: stats.throughput,
      ceilingP99: ceiling.p99,
      kneeThroughput: knee?.throughput,
      ceilingErrors: ceiling.errors,
      bulkChecks: bulkResult.checks,
      slowest: mix
        .slowest()
        .slice(0, 3)
        .map((o) => `${o.name} ${o.p95.toFixed(0)} ms`)
        .join(', '),
      bulkErrors: bulkResult.errors,
      rssStartMiB: mib(memory.start),
      rssEndMiB: mib(memory.end),
    };
  } finally {
    await server.stop();
  }
}

/** `maxP99Ms`: the latency target of the row (PostgreSQL's p99 ≤ 2 s), if it has one. */
function latencyRow(run: LoadRun, maxP99Ms = Infinity): BenchResult {
  const errors = run.errors + run.bulkErrors.length + run.ceilingErrors;
  const firstError = run.firstError ?? run.bulkErrors[0];
  return {
    figure: run.p99,
    ceiling: run.ceilingP99,
    unit: 'ms',
    pass: errors === 0 && run.bulkChecks > 0 && run.p99 <= maxP99Ms,
    note:
      `${run.clients} clients: ${run.requests.toLocaleString('en')} requests, ${errors} errors, p50 ${run.p50.toFixed(0)} ms, ` +
      `p95 ${run.p95.toFixed(0)} ms, ${run.throughput.toFixed(0)} req/s; ${run.bulkChecks} bulk checks done; slowest p95: ${run.slowest}` +
      (run.note ? `; ${run.note}` : '') +
      (firstError ? `; first error: ${firstError.slice(0, 120)}` : ''),
  };
}

/** Throughput at the full load against the same mix at the knee: overload must not collapse it. */
const kneeRow = (run: LoadRun): BenchResult => ({
  figure: run.throughput,
  ceiling: run.kneeThroughput ?? 0,
  unit: 'req/s',
  pass: run.kneeThroughput !== undefined && run.throughput >= KNEE_SHARE * run.kneeThroughput,
  note: `${run.clients} clients vs ${KNEE_CLIENTS} clients, same mix, same server, same run`,
});

const memoryRow = (run: LoadRun): BenchResult => ({
  figure: run.rssEndMiB,
  ceiling: run.rssStartMiB,
  unit: 'MiB',
  pass: run.rssEndMiB <= run.rssStartMiB * 1.2,
  note: 'server RSS: mean of the last quarter of the run vs the first quarter',
});

function tmpDir() {
  return mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-load-'));
}

let postgresRun: Promise<LoadRun> | undefined;
function runOnPostgres(ctx: BenchContext) {
  postgresRun ??= (async () => {
    const company = await ctx.largeCompany({
      members: ctx.size(100_000),
      documents: ctx.size(1_000_000),
    });
    const users = await prepareUsers(ctx.database, company.companyId, PG_CLIENTS);
    // A database in use has its statistics (autovacuum keeps them); one loaded a minute ago has none, and its
    // plans for a million documents would be the freshly loaded table's, not the product's.
    await ctx.database.raw.exec('vacuum analyze');
    const dataDir = tmpDir();
    try {
      return await loadRun(ctx, {
        port: 3950,
        dataDir,
        databaseUrl: ctx.databaseUrl,
        users,
        clients: PG_CLIENTS,
        kneeClients: KNEE_CLIENTS,
        durationMs: Math.max(10_000, 60_000 * Math.min(1, ctx.scale)),
        bulkRows: ctx.size(10_000),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  })();
  return postgresRun;
}

let pgliteRun: Promise<LoadRun> | undefined;
function runOnPglite(ctx: BenchContext) {
  pgliteRun ??= (async () => {
    const dataDir = tmpDir();
    try {
      const users = await seedPgliteCompany(ctx, dataDir, {
        name: '負荷試験株式会社',
        users: Math.max(...PGLITE_STEPS),
      });
      const durationMs = Math.max(10_000, 60_000 * Math.min(1, ctx.scale));
      const base = { port: 3960, dataDir, users, bulkRows: ctx.size(2_000) };
      let served = PGLITE_STEPS[0]!;
      const tried: string[] = [];
      for (const clients of PGLITE_STEPS) {
        const step = await loadRun(ctx, {
          ...base,
          clients,
          durationMs: Math.max(10_000, durationMs / 4),
        });
        const ok = step.errors === 0 && step.bulkErrors.length === 0 && step.p99 <= SERVED_P99_MS;
        tried.push(
          `${clients}: p99 ${step.p99.toFixed(0)} ms, ${step.errors + step.bulkErrors.length} errors`,
        );
        if (!ok) break;
        served = clients;
      }
      const run = await loadRun(ctx, { ...base, clients: served, durationMs });
      run.note = `served = most clients with zero errors and p99 ≤ ${SERVED_P99_MS} ms (${tried.join(' | ')})`;
      return run;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  })();
  return pgliteRun;
}

export const benchmarks: Benchmark[] = [
  {
    name: `load: p99, ${PG_CLIENTS} clients × 60 s mix with a bulk check, 100k members, 1M documents (PostgreSQL)`,
    target: 'zero errors; p99 ≤ 2 s',
    run: async (ctx) => latencyRow(await runOnPostgres(ctx), PG_P99_MS),
  },
  {
    name: `load: throughput at ${PG_CLIENTS} ÷ at ${KNEE_CLIENTS} clients, same mix (PostgreSQL)`,
    target: `≥ ${KNEE_SHARE * 100} % of the knee`,
    run: async (ctx) => kneeRow(await runOnPostgres(ctx)),
  },
  {
    name: 'load: server memory, last ÷ first quarter (PostgreSQL)',
    target: '≤ 1.2× (flat)',
    run: async (ctx) => memoryRow(await runOnPostgres(ctx)),
  },
  {
    name: 'load: p99 at the concurrency PGlite serves, 60 s mix with a bulk check (PGlite)',
    target: 'zero errors; p99 reported',
    run: async (ctx) => latencyRow(await runOnPglite(ctx)),
  },
  {
    name: 'load: server memory, last ÷ first quarter (PGlite)',
    target: '≤ 1.2× (flat)',
    run: async (ctx) => memoryRow(await runOnPglite(ctx)),
  },
];
