/**
 * Members benchmark (issue 3 "Scale"): 100,000 members in one company, the real API over HTTP.
 *
 *   node --import tsx bench/members.bench.ts [--db pglite|postgres] [--members 100000]
 *
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL (or TEST_DATABASE_URL), dropped afterwards.
 * PGlite: a fresh on-disk database in a temp DATA_DIR (as `npm start` runs it).
 * Figures: p50/p95 of the first page and of keyword searches with 20 concurrent clients; the deepest page
 * against the first (ratio ≤ 2); 1–2 character keywords against long ones; the page=-1 stream.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApiApp } from '../apps/server/src/api/app.ts';
import { closeDeps, createDeps } from '../apps/server/src/bootstrap.ts';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { seedLargeCompany } from '../apps/server/src/db/seed/large-seed.ts';
import { FAMILY_NAMES, GIVEN_NAMES } from '../apps/server/src/db/seed/names.ts';
import { makeUser, signIn } from '../apps/server/src/testing/fixtures.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import type { Benchmark, BenchContext, BenchResult } from './lib/types.ts';

export type BenchRow = { figure: string; value: number; unit: string; target: string; pass: boolean | null; note?: string };

const PORT = 3401;
const CONCURRENCY = 20;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function openTarget(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-members-'));
  let url: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('BENCH_DATABASE_URL または TEST_DATABASE_URL を指定してください。');
    const name = `bench_members_${Date.now()}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  }
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SITE_URL: 'http://localhost:3400',
    API_URL: `http://localhost:${PORT}`,
    SEED: 'off',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const deps = await createDeps(env);
  return {
    deps,
    close: async () => {
      await closeDeps(deps);
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `total` requests from `clients` concurrent loops; answers the latencies in ms. */
async function load(clients: number, total: number, request: (i: number) => Promise<Response>) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const res = await request(i);
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        if (res.status !== 200) failures += 1;
      }
    }),
  );
  if (failures > 0) throw new Error(`${failures} requests failed`);
  return times;
}

export async function runMembersBench(kind: 'pglite' | 'postgres', members: number): Promise<BenchRow[]> {
  const target = await openTarget(kind);
  const log = (m: string) => console.error(`[members ${kind}] ${m}`);
  try {
    const t0 = performance.now();
    const seeded = await seedLargeCompany(target.deps.database, { name: 'ベンチ株式会社', members, documents: 0, onProgress: log });
    log(`seeded ${members} members in ${Math.round(performance.now() - t0)} ms`);
    return await measureMembers(target.deps, seeded.companyId, kind);
  } finally {
    await target.close();
  }
}

/** The figures of issue 3 "Scale" for a seeded company, through the real API on PORT. */
export async function measureMembers(deps: AppDeps, companyId: string, kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (kind === 'postgres') await deps.database.raw.exec('vacuum analyze users');
  else await deps.database.raw.exec('analyze users');
  await deps.database.raw.exec('analyze member_group_users');

  // Many signed-in admins: the API's rate limit is per user (1200/min), a real load comes from many users.
  const tokens: string[] = [];
  for (let i = 0; i < 100; i += 1) {
    const u = await makeUser(deps, companyId, { name: `zz ベンチ管理者${i}`, roles: ['CompanyAdmin'] });
    tokens.push((await signIn(deps, u)).jwt);
  }
  const app = await buildApiApp(deps);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  try {
    const get = (query: string, i: number) =>
      fetch(`http://127.0.0.1:${PORT}/members${query}`, { headers: { authorization: `Bearer ${tokens[i % tokens.length]}` } });
    const total = (await (await get('', 0)).json()) as { total: number };
    const lastPage = Math.ceil(total.total / 50);
    const pglite = kind === 'pglite';
    const p95Target = pglite ? 150 : 50;

    await load(CONCURRENCY, 100, (i) => get('', i)); // warm-up
    const first = await load(CONCURRENCY, 1000, (i) => get('', i));
    rows.push({ figure: `first page p95, ${CONCURRENCY} clients`, value: round(pct(first, 95)), unit: 'ms', target: `≤ ${p95Target} ms`, pass: pct(first, 95) <= p95Target, note: `p50 ${round(pct(first, 50))} ms` });

    const mixed = ['山', '大阪', '田中', 'yamada', '営業部', 'ﾔﾏﾀﾞ', 'tanaka', '佐藤 花子', '東京', 'sato'];
    await load(CONCURRENCY, 100, (i) => get(`?keyword=${encodeURIComponent(mixed[i % mixed.length]!)}`, i));
    const kw = await load(CONCURRENCY, 1000, (i) => get(`?keyword=${encodeURIComponent(mixed[i % mixed.length]!)}`, i));
    rows.push({ figure: `keyword search p95, ${CONCURRENCY} clients (10 keywords)`, value: round(pct(kw, 95)), unit: 'ms', target: `≤ ${p95Target} ms`, pass: pct(kw, 95) <= p95Target, note: `p50 ${round(pct(kw, 50))} ms` });

    // Every request a keyword never seen before: no cached total, the honest cold figure.
    const combos = FAMILY_NAMES.flatMap((f) => GIVEN_NAMES.map((g) => `${f.k}${g.k.slice(0, 1)}`));
    const cold = await load(CONCURRENCY, Math.min(1000, combos.length), (i) => get(`?keyword=${encodeURIComponent(combos[i]!)}`, i));
    rows.push({ figure: `keyword search p95, ${CONCURRENCY} clients (each keyword new)`, value: round(pct(cold, 95)), unit: 'ms', target: `≤ ${p95Target} ms`, pass: pct(cold, 95) <= p95Target, note: `p50 ${round(pct(cold, 50))} ms` });

    // Deep pages, one client: the first deep request builds the anchors once per list version.
    const tBuild = performance.now();
    await (await get(`?page=${lastPage}`, 1)).arrayBuffer();
    const anchorBuild = performance.now() - tBuild;
    const seq = async (q: string) => pct(await load(1, 200, (i) => get(q, i)), 50);
    const firstSeq = await seq('');
    const deepest = await seq(`?page=${lastPage}`);
    const middle = await seq(`?page=${Math.floor(lastPage / 2)}`);
    const deepestDesc = await seq(`?page=${lastPage}&sort=-createdAt`);
    rows.push({ figure: `deepest page (${lastPage}) ÷ first page, p50`, value: round(deepest / firstSeq), unit: '×', target: '≤ 2×', pass: deepest / firstSeq <= 2, note: `${round(deepest)} ms vs ${round(firstSeq)} ms; middle ${round(middle)} ms; by -createdAt ${round(deepestDesc)} ms; anchors built once in ${round(anchorBuild)} ms` });

    const short = await seq(`?keyword=${encodeURIComponent('山')}`);
    const two = await seq(`?keyword=${encodeURIComponent('大阪')}`);
    const long = await seq(`?keyword=${encodeURIComponent('yamada.')}`);
    const longer = await seq(`?keyword=${encodeURIComponent('営業部 山田')}`);
    const worst = Math.max(short, two) / Math.min(long, longer);
    rows.push({ figure: '1–2 char keyword ÷ long keyword, p50', value: round(worst), unit: '×', target: '≈ 1× (as fast)', pass: worst <= 2, note: `山 ${round(short)} ms, 大阪 ${round(two)} ms, "yamada." ${round(long)} ms, "営業部 山田" ${round(longer)} ms` });

    const mem0 = process.memoryUsage().rss;
    const tAll = performance.now();
    const all = await get('?page=-1', 2);
    const bytes = (await all.arrayBuffer()).byteLength;
    const allMs = performance.now() - tAll;
    rows.push({ figure: `page=-1 stream of ${total.total} members`, value: Math.round(allMs), unit: 'ms', target: 'streams, bounded memory', pass: null, note: `${Math.round(bytes / 1024)} KiB; RSS +${Math.round((process.memoryUsage().rss - mem0) / 1048576)} MiB (client and server in one process)` });
  } finally {
    await app.close();
  }
  return rows;
}

/** Rows for `npm run bench` (bench/lib/types.ts): one shared measurement on the runner's PostgreSQL. */
let shared: Promise<BenchRow[]> | undefined;
const measured = (ctx: BenchContext) =>
  (shared ??= (async () => {
    const deps = await ctx.deps('postgres');
    const seeded = await ctx.largeCompany({ members: ctx.size(100_000), documents: 0, kind: 'postgres' });
    return measureMembers(deps, seeded.companyId, 'postgres');
  })());
const fromRow = (index: number) => async (ctx: BenchContext): Promise<BenchResult> => {
  const row = (await measured(ctx))[index]!;
  const ceiling = row.unit === '×' ? 1 : Number(/p50 ([\d.]+)/.exec(row.note ?? '')?.[1] ?? row.value);
  return { figure: row.value, ceiling, unit: row.unit, pass: row.pass ?? true, note: row.note };
};
export const benchmarks: Benchmark[] = [
  { name: 'members: first page p95, 20 clients', target: 'p95 ≤ 50 ms (PostgreSQL)', run: fromRow(0) },
  { name: 'members: keyword p95, 20 clients', target: 'p95 ≤ 50 ms (PostgreSQL)', run: fromRow(1) },
  { name: 'members: new keyword each request p95', target: 'p95 ≤ 50 ms (PostgreSQL)', run: fromRow(2) },
  { name: 'members: deepest page ÷ first', target: '≤ 2×', run: fromRow(3) },
  { name: 'members: 1–2 char keyword ÷ long', target: '≤ 2×', run: fromRow(4) },
];

async function main() {
  const { values } = parseArgs({ options: { db: { type: 'string' }, members: { type: 'string' } } });
  const kinds = values.db ? [values.db as 'pglite' | 'postgres'] : (['postgres', 'pglite'] as const);
  const members = Number(values.members ?? 100_000);
  for (const kind of kinds) {
    const rows = await runMembersBench(kind, members);
    console.log(`\nmembers (${kind}, ${members.toLocaleString()} members)`);
    console.table(rows.map((r) => ({ figure: r.figure, value: `${r.value} ${r.unit}`, target: r.target, result: r.pass === null ? '-' : r.pass ? 'pass' : 'SHORT', note: r.note ?? '' })));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
