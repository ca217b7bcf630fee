/**
 * The embedded database over time, with the server run as `npm start` runs it (the bundle, its flags):
 * - a soak: the load benchmark's mix and a bulk check again and again for ten minutes; what the server holds
 *   after it (a minute after the load stopped) against what it held idle before it, and the throughput of the
 *   last minutes against the first (a drift would be a leak of work: bloat, a growing cache, a slower plan);
 * - `--liftoff-only` decided: the same server with and without it (V8 then tiers PGlite's hot WebAssembly up to
 *   its optimising compiler), alternating round by round on copies of the same data, idle memory and
 *   throughput side by side.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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
import { collectLatencies, spreadNote } from './lib/measure.ts';
import { buildAsNpmStart, median, npmStartSteps } from './lib/npm-start.ts';
import { mib, rssOf } from './lib/rss.ts';
import { seedPgliteCompany } from './lib/pglite-company.ts';
import { startServer } from './lib/server-process.ts';
import type { BenchContext, BenchResult, Benchmark } from './lib/types.ts';

const CLIENTS = 20;
const PORT = 3970;
const IDLE_MS = 15_000;
/** After the soak: what the server keeps once it has had a minute to give memory back. */
const SETTLE_MS = 60_000;
const SOAK_MINUTES = 10;
const MEMORY_LIMIT = 1.3;
/** The last minutes' throughput must keep this share of the first minutes'. */
const DRIFT_FLOOR = 0.9;
const LIFTOFF_ROUNDS = 3;
const LIFTOFF_FLAG = '--liftoff-only';
const load = () => os.loadavg()[0]!.toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Seeded = { dir: string; users: LoadUser[] };

type Served = {
  idleBytes: number;
  afterBytes: number;
  /** Requests per second of the mix in each slice of the measured window. */
  slices: number[];
  requests: number;
  errors: number;
  firstError?: string;
  bulkChecks: number;
};

let seeded: Promise<Seeded> | undefined;
/** One PGlite folder of a company (5,000 members, 20,000 documents at scale 1); every server gets a copy. */
function seedOnce(ctx: BenchContext): Promise<Seeded> {
  seeded ??= (async () => {
    buildAsNpmStart();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-soak-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const users = await seedPgliteCompany(ctx, dir, { name: '長時間試験株式会社', users: CLIENTS });
    return { dir, users };
  })();
  return seeded;
}

/**
 * A server on a fresh copy of the seeded folder with `flags`: idle memory, then the mix at CLIENTS for
 * `slices` × `sliceMs` with bulk checks beside it, then memory once settled.
 */
async function serve(
  ctx: BenchContext,
  flags: string[],
  slices: number,
  sliceMs: number,
  settleMs: number,
): Promise<Served> {
  const { dir: source, users } = await seedOnce(ctx);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-soak-run-'));
  cpSync(source, dataDir, { recursive: true });
  const server = await startServer({ port: PORT, dataDir, nodeArgs: flags, bundle: true });
  try {
    await sleep(IDLE_MS);
    const idleBytes = rssOf(server.pid);
    const target = { siteUrl: server.siteUrl, apiUrl: server.apiUrl };
    const mix = await createClients(target, users, loadWords);
    let done = false;
    const bulk = runBulkChecks({
      target,
      admin: users.find((u) => u.isAdmin)!,
      csv: bulkAddCsv(ctx.size(2_000)),
      multipart: (b) => multipartBody(b, 'members.csv'),
      until: () => done,
    });
    const served: Served = {
      idleBytes,
      afterBytes: 0,
      slices: [],
      requests: 0,
      errors: 0,
      bulkChecks: 0,
    };
    for (let i = 0; i < slices; i++) {
      const s = await collectLatencies({
        clients: CLIENTS,
        durationMs: sliceMs,
        run: (c) => mix.next(c),
      });
      served.slices.push((s.latencies.length / s.durationMs) * 1000);
      served.requests += s.latencies.length;
      served.errors += s.errors;
      served.firstError ??= s.firstError;
    }
    done = true;
    const checks = await bulk;
    served.bulkChecks = checks.checks;
    served.errors += checks.errors.length;
    served.firstError ??= checks.errors[0];
    await sleep(settleMs);
    served.afterBytes = rssOf(server.pid);
    return served;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const errorsNote = (s: Served) =>
  `${s.requests.toLocaleString('en')} requests, ${s.errors} errors${s.firstError ? ` (first: ${s.firstError.slice(0, 100)})` : ''}, ${s.bulkChecks} bulk checks`;

let soak: Promise<Served> | undefined;
/** npm start's server under the mix for SOAK_MINUTES (× scale, at least four), in one-minute slices. */
function soakRun(ctx: BenchContext) {
  soak ??= (async () => {
    const minutes = Math.max(4, Math.round(SOAK_MINUTES * Math.min(1, ctx.scale)));
    ctx.log(`PGlite 長時間: ${CLIENTS} クライアント × ${minutes} 分`);
    return serve(ctx, npmStartSteps().serverFlags, minutes, 60_000, SETTLE_MS);
  })();
  return soak;
}

type Compared = { with: Served[]; without: Served[] };
let compared: Promise<Compared> | undefined;
/** The server with and without --liftoff-only, alternating which goes first, a minute of the mix each (× scale). */
function liftoffRuns(ctx: BenchContext) {
  compared ??= (async () => {
    const withFlag = npmStartSteps().serverFlags;
    if (!withFlag.includes(LIFTOFF_FLAG))
      throw new Error(`npm start no longer runs with ${LIFTOFF_FLAG}`);
    const without = withFlag.filter((f) => f !== LIFTOFF_FLAG);
    const result: Compared = { with: [], without: [] };
    const sliceMs = 20_000 * Math.max(0.25, Math.min(1, ctx.scale));
    for (let r = 0; r < LIFTOFF_ROUNDS; r++) {
      ctx.log(`PGlite ${LIFTOFF_FLAG}: ${r + 1} / ${LIFTOFF_ROUNDS} 回目`);
      const order = r % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
      for (const which of order)
        result[which].push(
          await serve(ctx, which === 'with' ? withFlag : without, 3, sliceMs, 20_000),
        );
    }
    return result;
  })();
  return compared;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const throughputOf = (s: Served) => mean(s.slices);
const perRound = (c: Compared, f: (s: Served) => number) =>
  c.with.map((s, i) => f(s) / f(c.without[i]!));

export const benchmarks: Benchmark[] = [
  {
    name: `PGlite soak: server memory a minute after ${SOAK_MINUTES} min of the mix ÷ idle before it`,
    target: `≤ ${MEMORY_LIMIT}× idle`,
    run: async (ctx): Promise<BenchResult> => {
      const s = await soakRun(ctx);
      return {
        figure: mib(s.afterBytes),
        ceiling: mib(s.idleBytes),
        unit: 'MiB',
        pass: s.errors === 0 && s.afterBytes <= MEMORY_LIMIT * s.idleBytes,
        note: `npm start's server (${npmStartSteps().serverFlags.join(' ')}); RSS ${IDLE_MS / 1000} s after start, then ${SETTLE_MS / 1000} s after the load; ${CLIENTS} clients; ${errorsNote(s)}; load ${load()}`,
      };
    },
  },
  {
    name: `PGlite soak: throughput of the last quarter ÷ the first (${SOAK_MINUTES} min of the mix)`,
    target: `≥ ${DRIFT_FLOOR}× (no drift)`,
    run: async (ctx): Promise<BenchResult> => {
      const s = await soakRun(ctx);
      const quarter = Math.max(1, Math.floor(s.slices.length / 4));
      const first = mean(s.slices.slice(0, quarter));
      const last = mean(s.slices.slice(-quarter));
      return {
        figure: Math.round(last),
        ceiling: Math.round(first),
        unit: 'req/s',
        pass: s.errors === 0 && last >= DRIFT_FLOOR * first,
        note: `req/s by minute: ${s.slices.map((x) => x.toFixed(0)).join(', ')}; ${CLIENTS} clients; ${errorsNote(s)}; load ${load()}`,
      };
    },
  },
  {
    name: `PGlite: idle memory with ${LIFTOFF_FLAG} ÷ without (V8 tiering up PGlite)`,
    target: '≤ 250 MiB idle with the flag npm start keeps',
    run: async (ctx): Promise<BenchResult> => {
      const c = await liftoffRuns(ctx);
      const figure = median(c.with.map((s) => s.idleBytes));
      return {
        figure: mib(figure),
        ceiling: mib(median(c.without.map((s) => s.idleBytes))),
        unit: 'MiB',
        pass: figure <= 250 * 1024 * 1024,
        note: `median of ${LIFTOFF_ROUNDS} rounds, alternating; after a minute of the mix: ${mib(median(c.with.map((s) => s.afterBytes)))} vs ${mib(median(c.without.map((s) => s.afterBytes)))} MiB; ${spreadNote(perRound(c, (s) => s.idleBytes))}; load ${load()}`,
      };
    },
  },
  {
    name: `PGlite: throughput with ${LIFTOFF_FLAG} ÷ without, same mix`,
    target: 'reported: the cost of the flag',
    run: async (ctx): Promise<BenchResult> => {
      const c = await liftoffRuns(ctx);
      const errors = [...c.with, ...c.without].reduce((n, s) => n + s.errors, 0);
      return {
        figure: Math.round(median(c.with.map(throughputOf))),
        ceiling: Math.round(median(c.without.map(throughputOf))),
        unit: 'req/s',
        pass: errors === 0,
        note: `${CLIENTS} clients, a minute a round (× scale), median of ${LIFTOFF_ROUNDS} rounds; ${spreadNote(perRound(c, throughputOf))}; ${errors} errors; load ${load()}`,
      };
    },
  },
];
