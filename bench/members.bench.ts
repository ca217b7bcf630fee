/**
 * Members benchmark: 100,000 members in one company, the real API over HTTP, the server in
 * its own process (as in production: its event loop is not shared with the clients).
 *
 *   node --import tsx bench/members.bench.ts [--db pglite|postgres] [--members 100000]
 *
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local server), dropped afterwards.
 * PGlite: a fresh on-disk database in a temp DATA_DIR, seeded, closed, then opened by the server (as `npm start`).
 * Figures: p50/p95 of the first page, of keyword searches and of the sign-in clean-up filters with 20 clients; the deepest page
 * against the first (ratio ≤ 2); 1–2 character keywords against long ones; the page=-1 stream; the console
 * scrolling that whole list in Chromium (frame intervals, bench/lib/scroll-frames.ts).
 * Ceiling: the cheapest signed-in call (`GET /me`) with the same 20 clients on the same server, same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedLargeCompany } from '../apps/server/src/seed/large-seed.ts';
import { FAMILY_NAMES, GIVEN_NAMES } from '../apps/server/src/seed/names.ts';
import { expectOk } from './lib/http-client.ts';
import { fetchToken } from './lib/load-mix.ts';
import {
  collectLatencies,
  interleave,
  measureInterleaved,
  measureLatency,
  percentile,
  spreadNote,
  type LatencyStats,
} from './lib/measure.ts';
import { mib, sampleRss } from './lib/rss.ts';
import { LATE_FRAME_MS, ensureConsoleBuild, measureScrollFrames } from './lib/scroll-frames.ts';
import { startServer } from './lib/server-process.ts';
import { prepareUsers } from './lib/signed-in-users.ts';
import type { Benchmark, BenchContext, BenchResult, DbKind } from './lib/types.ts';

export type BenchRow = {
  figure: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean | null;
  note?: string;
  ceiling?: number;
};

/** Site on PORT, api on PORT + 1 (bench/lib/server-process.ts). */
const PORT = Number(process.env.BENCH_MEMBERS_PORT ?? 3400);
const CONCURRENCY = 20;
/** Signed-in admins the clients go round: the API's rate limit is per member, a real load comes from many. */
const ADMINS = 100;
const P95_TARGET: Record<DbKind, number> = { postgres: 50, pglite: 150 };

const round = (n: number) => Math.round(n * 10) / 10;
const tmpDir = () => mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-members-'));

type Seeded = {
  databaseUrl?: string;
  dataDir: string;
  cookies: string[];
  /** Members the clean-up filters should count, by the filters' definitions read straight off the table. */
  expected: { inactive90: number; never: number };
  close: () => Promise<void>;
};

/**
 * A company's sign-in history as a clean-up finds it: most members signed in last week, a quarter last did
 * half a year ago, a sixth never did (half of those invited long ago, half this week). Far from the 90-day bound,
 * so the minute the filter is cut to changes no count.
 */
const SIGN_IN_HISTORY = `
  update users set
    last_sign_in_at = case
      when substr(id::text, 1, 1) in ('0', '1', '2', '3') then now() - interval '200 days'
      when substr(id::text, 1, 1) in ('4', '5') then null
      else now() - interval '7 days' end,
    created_at = case
      when substr(id::text, 1, 1) = '4' then now() - interval '2 days'
      else now() - interval '400 days' end
  where company_id = $1`;

/** Seeds `members` into a database the server can then open: PostgreSQL at `databaseUrl`, or PGlite on disk. */
async function seedTarget(
  kind: DbKind,
  members: number,
  databaseUrl: string | undefined,
  log: (m: string) => void,
): Promise<Seeded> {
  const dataDir = tmpDir();
  // On PGlite the seeding process must let go of the files before the server opens them.
  const database = await openDatabase(kind === 'postgres' ? { databaseUrl } : { dataDir });
  try {
    await runMigrations(database);
    const t0 = performance.now();
    const seeded = await seedLargeCompany(database, {
      name: 'ベンチ株式会社',
      members,
      documents: 0,
      onProgress: log,
    });
    log(`seeded ${members} members in ${Math.round(performance.now() - t0)} ms`);
    // Half of the 高橋 spelt 髙橋, as people register them: the stored search text is folded (髙 → 高) as the
    // product's writes fold it, so the search for either spelling must find both.
    await database.raw.query(
      `update users set name = replace(name, '高橋', '髙橋')
       where company_id = $1 and name like '高橋%' and id::text < '8'`,
      [seeded.companyId],
    );
    await database.raw.query(SIGN_IN_HISTORY, [seeded.companyId]);
    const users = await prepareUsers(database, seeded.companyId, ADMINS, 1);
    await database.raw.exec(kind === 'postgres' ? 'vacuum analyze users' : 'analyze users');
    // The filters' meaning (docs/design.md, 最終ログイン日時), counted without the product's query.
    const { rows } = await database.raw.query<{ inactive: string; never: string }>(
      `select count(*) filter (where coalesce(last_sign_in_at, created_at) < now() - interval '90 days') as inactive,
              count(*) filter (where last_sign_in_at is null) as never
       from users where company_id = $1`,
      [seeded.companyId],
    );
    await database.raw.exec('analyze member_group_users');
    return {
      databaseUrl,
      dataDir,
      cookies: users.map((u) => u.cookie),
      expected: { inactive90: Number(rows[0]!.inactive), never: Number(rows[0]!.never) },
      close: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}

/** The figures of "Scale" against a server started on the seeded database. */
export async function measureMembers(
  seeded: Seeded,
  kind: DbKind,
  log: (m: string) => void,
): Promise<BenchRow[]> {
  ensureConsoleBuild(); // before the server starts: it serves that build
  const server = await startServer({
    port: PORT,
    dataDir: seeded.dataDir,
    databaseUrl: seeded.databaseUrl,
  });
  const rows: BenchRow[] = [];
  try {
    const target = { siteUrl: server.siteUrl, apiUrl: server.apiUrl };
    const tokens: string[] = [];
    let tokensAt = 0;
    // Access tokens expire after 5 minutes and the run takes longer: fetched again before each row.
    const refreshTokens = async () => {
      if (Date.now() - tokensAt < 120_000) return;
      const fresh: string[] = [];
      for (const cookie of seeded.cookies)
        fresh.push(await fetchToken(target, { id: '', cookie, isAdmin: true }));
      tokens.splice(0, tokens.length, ...fresh);
      tokensAt = Date.now();
    };
    await refreshTokens();
    const get = async (pathAndQuery: string, i: number) =>
      (
        await expectOk(`${server.apiUrl}${pathAndQuery}`, {
          headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
        })
      ).body;
    const load = async (
      requests: number,
      q: (i: number) => string,
      clients = CONCURRENCY,
    ): Promise<LatencyStats> => {
      const stats = await measureLatency({
        clients,
        requests,
        run: async (_c, i) => void (await get(q(i), i)),
      });
      if (stats.errors > 0) throw new Error(`${stats.errors} requests failed: ${stats.firstError}`);
      return stats;
    };
    /** `requests` of `q` and as many `GET /me` (the ceiling), alternating in short rounds. */
    const paired = async (requests: number, q: (i: number) => string) => {
      await refreshTokens();
      const clientsOf = (path: (i: number) => string) => ({
        clients: CONCURRENCY,
        requests,
        run: async (_c: number, i: number) => void (await get(path(i), i)),
      });
      const m = await measureInterleaved({
        figure: clientsOf(q),
        ceiling: clientsOf(() => '/me'),
      });
      for (const s of [m.figure, m.ceiling])
        if (s.errors > 0) throw new Error(`${s.errors} requests failed: ${s.firstError}`);
      return m;
    };
    const totalOf = async (q: string) =>
      (JSON.parse((await get(q, 0)).toString('utf8')) as { total: number }).total;
    const total = await totalOf('/members');
    const lastPage = Math.ceil(total / 50);
    const p95Target = P95_TARGET[kind];
    const row = (
      figure: string,
      m: { figure: LatencyStats; ceiling: LatencyStats; ratios: number[] },
    ): BenchRow => ({
      figure,
      value: round(m.figure.p95),
      ceiling: round(m.ceiling.p95),
      unit: 'ms',
      target: `p95 ≤ ${p95Target} ms`,
      pass: m.figure.p95 <= p95Target,
      note: `p50 ${round(m.figure.p50)} ms, ${Math.round(m.figure.throughput)} req/s; ceiling GET /me p95 ${round(m.ceiling.p95)} ms; ${spreadNote(m.ratios)}`,
    });

    await load(200, () => '/me'); // warm-up of connections, token checks and the JIT
    await load(100, () => '/members');
    log('first page, 20 clients');
    rows.push(row(`first page p95, ${CONCURRENCY} clients`, await paired(1000, () => '/members')));

    const mixed = [
      '山',
      '大阪',
      '田中',
      'yamada',
      '営業部',
      'ﾔﾏﾀﾞ',
      'tanaka',
      '佐藤 花子',
      '東京',
      'sato',
    ];
    const mixedQuery = (i: number) =>
      `/members?keyword=${encodeURIComponent(mixed[i % mixed.length]!)}`;
    await load(100, mixedQuery);
    log('keywords, 20 clients');
    rows.push(
      row(
        `keyword search p95, ${CONCURRENCY} clients (10 keywords)`,
        await paired(1000, mixedQuery),
      ),
    );

    // Every request a keyword never seen before: no cached total or page, the honest cold figure.
    const combos = FAMILY_NAMES.flatMap((f) => GIVEN_NAMES.map((g) => `${f.k}${g.k.slice(0, 1)}`));
    const cold = await paired(
      Math.min(1000, combos.length),
      (i) => `/members?keyword=${encodeURIComponent(combos[i]!)}`,
    );
    rows.push(row(`keyword search p95, ${CONCURRENCY} clients (each keyword new)`, cold));

    // Old and variant kanji: 高橋 typed finds the members registered as 髙橋, and 髙橋 typed finds 高橋.
    log('variant kanji keyword, 20 clients');
    const spellings = ['高橋', '髙橋'];
    const folded = await paired(
      1000,
      (i) => `/members?keyword=${encodeURIComponent(spellings[i % 2]!)}`,
    );
    const plainTotal = await totalOf(`/members?keyword=${encodeURIComponent('高橋')}`);
    const variantTotal = await totalOf(`/members?keyword=${encodeURIComponent('髙橋')}`);
    const variantRow = row(
      `variant kanji keyword p95, ${CONCURRENCY} clients (高橋 / 髙橋 alternately)`,
      folded,
    );
    rows.push({
      ...variantRow,
      pass: variantRow.pass && plainTotal === variantTotal && plainTotal > 0,
      note: `高橋 finds ${plainTotal}, 髙橋 finds ${variantTotal} (half of them stored as 髙橋); ${variantRow.note}`,
    });

    // Names as people type them (issue 32): the full name without its space, the reading in hiragana and in
    // katakana, an e-mail local part; every request a keyword of its own, so no cached answer helps.
    log('names as typed, 20 clients');
    const hiragana = (y: string) =>
      y.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
    const typed = FAMILY_NAMES.flatMap((f, i) =>
      GIVEN_NAMES.slice(0, 10).map((g, j) => {
        const forms = [
          `${f.k}${g.k}`,
          hiragana(`${f.y}${g.y}`),
          `${f.y}${g.y}`,
          `${g.r[0]}.${f.r}`,
        ];
        return forms[(i + j) % forms.length]!;
      }),
    );
    const asTyped = await paired(
      Math.min(1000, typed.length),
      (i) => `/members?keyword=${encodeURIComponent(typed[i % typed.length]!)}`,
    );
    const noSpace = `${FAMILY_NAMES[0]!.k}${GIVEN_NAMES[0]!.k}`;
    const typedRow = row(
      `name as typed p95, ${CONCURRENCY} clients (no space, reading in かな/カナ, e-mail local part)`,
      asTyped,
    );
    const found = await totalOf(`/members?keyword=${encodeURIComponent(noSpace)}`);
    rows.push({
      ...typedRow,
      pass: typedRow.pass && found > 0,
      note: `${Math.min(1000, typed.length)} keywords such as ${typed.slice(0, 4).join(' / ')}; 「${noSpace}」 finds ${found}; ${typedRow.note}`,
    });

    // The clean-up filters (issue 32): each request a page of its own across the set, so the list cache, which
    // holds a page per filter, answers no request twice in a row.
    for (const [key, filter, words] of [
      ['inactive90', 'inactive90', '90日以上ログインしていない'],
      ['never', 'never', '一度もログインしていない'],
    ] as const) {
      log(`filter ${words}, 20 clients`);
      const pages = Math.max(1, Math.ceil(seeded.expected[key] / 50));
      const q = (i: number) => `/members?signIn=${filter}&page=${(i % Math.min(pages, 40)) + 1}`;
      await load(100, q);
      const filtered = await paired(1000, q);
      const counted = await totalOf(`/members?signIn=${filter}`);
      const filterRow = row(`filter 「${words}」 p95, ${CONCURRENCY} clients`, filtered);
      rows.push({
        ...filterRow,
        pass: filterRow.pass && counted === seeded.expected[key],
        note: `the list counts ${counted}, the table ${seeded.expected[key]}; pages 1–${Math.min(pages, 40)} in turn; ${filterRow.note}`,
      });
    }

    // Deep pages, one client: the first deep request builds the anchors once per list version.
    log('deep pages and short keywords, 1 client');
    await refreshTokens();
    const tBuild = performance.now();
    await get(`/members?page=${lastPage}`, 1);
    const anchorBuild = performance.now() - tBuild;
    const seq = async (q: string) => (await load(200, () => q, 1)).p50;
    // The deepest page against the first in alternating rounds, so a burst of load hits both.
    const oneClient = (q: string) => async () =>
      (
        await collectLatencies({
          clients: 1,
          requests: 40,
          run: async (_c, i) => void (await get(q, i)),
        })
      ).latencies;
    const deepVsFirst = await interleave({
      figure: oneClient(`/members?page=${lastPage}`),
      ceiling: oneClient('/members'),
      stat: (xs) => percentile(xs, 50),
    });
    const firstSeq = percentile(deepVsFirst.ceiling, 50);
    const deepest = percentile(deepVsFirst.figure, 50);
    const middle = await seq(`/members?page=${Math.floor(lastPage / 2)}`);
    const deepestDesc = await seq(`/members?page=${lastPage}&sort=-createdAt`);
    rows.push({
      figure: `deepest page (${lastPage}) ÷ first page, p50`,
      value: round(deepest / firstSeq),
      ceiling: 1,
      unit: '×',
      target: '≤ 2×',
      pass: deepest / firstSeq <= 2,
      note: `${round(deepest)} ms vs ${round(firstSeq)} ms (${spreadNote(deepVsFirst.ratios)}); middle ${round(middle)} ms; by -createdAt ${round(deepestDesc)} ms; anchors built once in ${round(anchorBuild)} ms`,
    });

    // Each keyword asked once (a repeated one is answered from the list cache): short ones against long ones.
    const warm = new Set(mixed);
    const distinct = (xs: string[]) => [...new Set(xs)].filter((x) => !warm.has(x));
    const shortOnes = distinct([
      ...FAMILY_NAMES.flatMap((f) => [...f.k]),
      ...GIVEN_NAMES.flatMap((g) => [...g.k]),
      ...FAMILY_NAMES.map((f) => f.k),
    ]).filter((k) => k.length <= 2);
    const longOnes = distinct(
      FAMILY_NAMES.flatMap((f) => GIVEN_NAMES.map((g) => `${g.r[0]}.${f.r}`)),
    );
    // Short and long keywords in alternating rounds of 20, each keyword asked once.
    const coldRound = (keywords: string[]) => async (r: number) =>
      (
        await collectLatencies({
          clients: 1,
          requests: 20,
          run: async (_c, i) =>
            void (await get(
              `/members?keyword=${encodeURIComponent(keywords[(r * 20 + i) % keywords.length]!)}`,
              i,
            )),
        })
      ).latencies;
    const shortVsLong = await interleave({
      figure: coldRound(shortOnes),
      ceiling: coldRound(longOnes),
      stat: (xs) => percentile(xs, 50),
    });
    const short = percentile(shortVsLong.figure, 50);
    const long = percentile(shortVsLong.ceiling, 50);
    rows.push({
      figure: '1–2 char keyword ÷ long keyword, p50, each keyword new',
      value: round(short / long),
      ceiling: 1,
      unit: '×',
      target: '≈ 1× (as fast)',
      pass: short / long <= 2,
      note: `1–2 characters (山, 大阪 …) ${round(short)} ms vs long ("t.yamada" …) ${round(long)} ms, ${Math.min(100, shortOnes.length)} and ${Math.min(100, longOnes.length)} keywords; ${spreadNote(shortVsLong.ratios)}`,
    });

    await refreshTokens();
    const before = sampleRss({ pid: server.pid }).stop().lastBytes;
    const rss = sampleRss({ pid: server.pid, intervalMs: 20 });
    const tAll = performance.now();
    const bytes = (await get('/members?page=-1', 2)).byteLength;
    const allMs = performance.now() - tAll;
    const peak = rss.stop().peakBytes;
    rows.push({
      figure: `page=-1 stream of ${total} members`,
      value: Math.round(allMs),
      unit: 'ms',
      target: 'streams, bounded memory',
      pass: null,
      note: `${Math.round(bytes / 1024)} KiB; server RSS +${mib(Math.max(0, peak - before))} MiB (peak ${mib(peak)} MiB)`,
    });

    log('console: scrolling the page=-1 list in Chromium');
    const f = await measureScrollFrames({
      siteUrl: server.siteUrl,
      sessionCookie: seeded.cookies[0]!,
      path: '/company/members?page=-1',
      listName: 'メンバー一覧',
      rowTestId: 'member-row',
    });
    rows.push({
      figure: `console: scrolling all ${total} members (page=-1), p99 frame interval`,
      value: round(f.p99),
      ceiling: round(1000 / 60),
      unit: 'ms',
      target: `p99 ≤ ${round(LATE_FRAME_MS)} ms (no dropped frames)`,
      pass: f.p99 <= LATE_FRAME_MS && f.scrolled > 0,
      note: `${f.frames} frames at 400 px each, ${f.late} later than ${round(LATE_FRAME_MS)} ms, p50 ${round(f.p50)} ms, max ${round(f.max)} ms; scrolled ${Math.round(f.scrolled).toLocaleString('en')} px with ${f.renderedRows} rows in the page; list shown ${Math.round(f.loadMs)} ms after navigation; ceiling = one frame at 60 Hz`,
    });
  } finally {
    await server.stop();
  }
  return rows;
}

/** A fresh PostgreSQL database for the standalone run, dropped afterwards. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_members_${Date.now()}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Rows for `npm run bench` (bench/lib/types.ts): one measurement per database kind, shared by its rows. */
const shared = new Map<DbKind, Promise<BenchRow[]>>();
const measured = (ctx: BenchContext, kind: DbKind) => {
  let rows = shared.get(kind);
  if (!rows) {
    rows = (async () => {
      const pgDb = kind === 'postgres' ? await freshPostgres() : undefined;
      const seeded = await seedTarget(kind, ctx.size(100_000), pgDb?.url, ctx.log);
      try {
        return await measureMembers(seeded, kind, ctx.log);
      } finally {
        await seeded.close();
        await pgDb?.drop();
      }
    })();
    shared.set(kind, rows);
  }
  return rows;
};
const fromRow =
  (kind: DbKind, prefix: string) =>
  async (ctx: BenchContext): Promise<BenchResult> => {
    const row = (await measured(ctx, kind)).find((r) => r.figure.startsWith(prefix));
    if (!row) throw new Error(`no row "${prefix}"`);
    return {
      figure: row.value,
      ceiling: row.ceiling ?? row.value,
      unit: row.unit,
      pass: row.pass ?? true,
      note: row.note,
    };
  };
const label = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;
export const benchmarks: Benchmark[] = (['postgres', 'pglite'] as const).flatMap((kind) => [
  {
    name: `members (${kind}): first page p95, 20 clients`,
    target: `p95 ≤ ${P95_TARGET[kind]} ms (${label[kind]})`,
    run: fromRow(kind, 'first page p95'),
  },
  {
    name: `members (${kind}): keyword p95, 20 clients`,
    target: `p95 ≤ ${P95_TARGET[kind]} ms (${label[kind]})`,
    run: fromRow(kind, 'keyword search p95, 20 clients (10'),
  },
  {
    name: `members (${kind}): new keyword each request p95`,
    target: `p95 ≤ ${P95_TARGET[kind]} ms (${label[kind]})`,
    run: fromRow(kind, 'keyword search p95, 20 clients (each'),
  },
  {
    name: `members (${kind}): variant kanji keyword 高橋 / 髙橋 p95, 20 clients`,
    target: `p95 ≤ ${P95_TARGET[kind]} ms (${label[kind]}), both spellings find the same members`,
    run: fromRow(kind, 'variant kanji'),
  },
  {
    name: `members (${kind}): name as typed (no space, reading, e-mail) p95, 20 clients`,
    target: `p95 ≤ ${P95_TARGET[kind]} ms (${label[kind]})`,
    run: fromRow(kind, 'name as typed'),
  },
  {
    name: `members (${kind}): filter 「90日以上ログインしていない」 p95, 20 clients`,
    target: `p95 ≤ ${P95_TARGET[kind]} ms (${label[kind]}), counts the members the table holds`,
    run: fromRow(kind, 'filter 「90日'),
  },
  {
    name: `members (${kind}): filter 「一度もログインしていない」 p95, 20 clients`,
    target: `p95 ≤ ${P95_TARGET[kind]} ms (${label[kind]}), counts the members the table holds`,
    run: fromRow(kind, 'filter 「一度も'),
  },
  {
    name: `members (${kind}): deepest page ÷ first`,
    target: '≤ 2×',
    run: fromRow(kind, 'deepest page'),
  },
  {
    name: `members (${kind}): 1–2 char keyword ÷ long`,
    target: '≤ 2×',
    run: fromRow(kind, '1–2 char'),
  },
  {
    name: `members (${kind}): console scrolls all members without dropped frames`,
    target: 'p99 frame ≤ 1.5 × 16.7 ms',
    run: fromRow(kind, 'console: scrolling'),
  },
]);

async function main() {
  const { values } = parseArgs({
    options: { db: { type: 'string' }, members: { type: 'string' } },
  });
  const kinds = values.db ? [values.db as DbKind] : (['postgres', 'pglite'] as const);
  const members = Number(values.members ?? 100_000);
  for (const kind of kinds) {
    const log = (m: string) => console.error(`[members ${kind}] ${m}`);
    const pgDb = kind === 'postgres' ? await freshPostgres() : undefined;
    const seeded = await seedTarget(kind, members, pgDb?.url, log);
    try {
      const rows = await measureMembers(seeded, kind, log);
      console.log(`\nmembers (${kind}, ${members.toLocaleString()} members)`);
      console.table(
        rows.map((r) => ({
          figure: r.figure,
          value: `${r.value} ${r.unit}`,
          target: r.target,
          result: r.pass === null ? '-' : r.pass ? 'pass' : 'SHORT',
          note: r.note ?? '',
        })),
      );
    } finally {
      await seeded.close();
      await pgDb?.drop();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
