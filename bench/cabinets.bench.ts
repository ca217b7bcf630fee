/**
 * Cabinets benchmark: one cabinet of a million documents, the real API over HTTP.
 *
 *   npm run bench -- --only cabinets            (the runner: `benchmarks` below, one client, with SQL ceilings)
 *   node --import tsx bench/cabinets.bench.ts [--db postgres|pglite] [--documents 1000000] [--seed-only] [--fresh]
 *                                                [--move-only] [--rounds n]
 *                                                (standalone: over HTTP on port BENCH_CABINETS_PORT or 3501, one and
 *                                                20 clients; --move-only: only the 10,000-document move, n times)
 *
 * The million documents are the documents benchmark's kept database (bench/documents.bench.ts: PostgreSQL
 * `bench_documents_<n>` on BENCH_DATABASE_URL or TEST_DATABASE_URL, PGlite in BENCH_DATA_DIR), seeded once
 * by whichever benchmark runs first; every document of its company is linked to 「ベンチ 全件」 once.
 * Figures (20 concurrent clients, as the company admin and as the cabinet's admin — a member without
 * 組織管理権限, whose every query carries the access rule): p95 of the cabinet's first page and of keyword
 * searches through `GET /documents?cabinetId=…`; `GET /cabinets` (counts of a million links); moving 10,000
 * documents to another cabinet (one call, one transaction) and the all-or-nothing check (one unknown id →
 * 404, no link changed); then the documents go back, so runs repeat.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApiApp } from '../apps/server/src/api-app.ts';
import { closeDeps } from '../apps/server/src/bootstrap.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { openSeededDocuments } from './documents.bench.ts';
import { normalizeSearchText } from '../apps/server/src/lib/search-text.ts';
import { freshTokens, type FreshTokens } from './lib/fresh-tokens.ts';
import { interleave, measureInterleaved, percentile, spreadNote } from './lib/measure.ts';
import type { BenchContext, Benchmark } from './lib/types.ts';
import { makeUser, signIn } from '../apps/server/test/support/fixtures.ts';

export type BenchRow = {
  figure: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean | null;
  note?: string;
};

const PORT = Number(process.env.BENCH_CABINETS_PORT ?? 3501);
const CONCURRENCY = 20;
const BIG = 'ベンチ 全件';
const TARGET = 'ベンチ 移動先';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const round = (n: number) => Math.round(n * 10) / 10;
const log = (m: string) => console.error(`[cabinets] ${m}`);

type Ids = { companyId: string; big: string; target: string };

/**
 * The documents benchmark's kept database (bench/documents.bench.ts: seeded once, reused by every run) and
 * its company; every one of its documents is filed into 「ベンチ 全件」 once.
 */
async function ensureSeeded(deps: AppDeps, companyId: string): Promise<Ids> {
  const q = deps.database.raw.query;
  const cabinet = async (name: string) => {
    const row = (
      await q<{ id: string }>('select id from cabinets where company_id = $1 and name = $2', [
        companyId,
        name,
      ])
    ).rows[0];
    if (row) return row.id;
    return (
      await q<{ id: string }>(
        'insert into cabinets (company_id, name) values ($1, $2) returning id',
        [companyId, name],
      )
    ).rows[0]!.id;
  };
  const big = await cabinet(BIG);
  const target = await cabinet(TARGET);
  const linked =
    (await q('select 1 from document_cabinets where cabinet_id = $1 limit 1', [big])).rows.length >
    0;
  if (!linked) {
    const t0 = performance.now();
    await q(
      'insert into document_cabinets (cabinet_id, document_id) select $1, id from documents where company_id = $2 on conflict do nothing',
      [big, companyId],
    );
    // The visibility map (index-only scans of the links) and statistics of the new million links.
    await deps.database.raw.exec('vacuum analyze document_cabinets');
    log(`linked every document to 「${BIG}」 in ${Math.round(performance.now() - t0)} ms`);
  }
  return { companyId, big, target };
}

async function load(clients: number, total: number, request: (i: number) => Promise<Response>) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const res = await request(i);
        const text = await res.text();
        times.push(performance.now() - t0);
        if (res.status !== 200) {
          failures += 1;
          if (failures === 1)
            log(
              `first failure (request ${i}, ${Math.round(performance.now() - started)} ms after start): ${res.status} ${text.slice(0, 300)}`,
            );
        }
      }
    }),
  );
  if (failures > 0) throw new Error(`${failures} requests failed`);
  return times;
}

export async function runCabinetsBench(
  kind: 'pglite' | 'postgres',
  n: number,
  opts: { seedOnly?: boolean; fresh?: boolean; moveOnly?: boolean; moveRounds?: number } = {},
): Promise<BenchRow[]> {
  const opened = await openSeededDocuments(kind, n, Boolean(opts.fresh));
  const deps = opened.deps;
  const rows: BenchRow[] = [];
  try {
    const ids = await ensureSeeded(deps, opened.companyId);
    if (opts.seedOnly) return rows;
    const q = deps.database.raw.query;
    // One member per client: the API's per-user rate limit (1,200/min) must not be what is measured.
    const members = {
      admin: [] as { id: string; companyId: string }[],
      cabAdmin: [] as { id: string; companyId: string }[],
    };
    for (let i = 0; i < CONCURRENCY; i += 1) {
      members.admin.push(
        await makeUser(deps, ids.companyId, { name: `ベンチ 管理者${i}`, roles: ['CompanyAdmin'] }),
      );
      const cabAdmin = await makeUser(deps, ids.companyId, {
        name: `ベンチ キャビネット管理者${i}`,
      });
      await q(
        'insert into cabinet_admins (cabinet_id, user_id) values ($1, $3), ($2, $3) on conflict do nothing',
        [ids.big, ids.target, cabAdmin.id],
      );
      members.cabAdmin.push(cabAdmin);
    }
    const tokens = { admin: [] as string[], cabAdmin: [] as string[] };
    // Tokens live 5 minutes (docs/design.md §1); a slow machine must not turn the figures into 401s.
    const refreshTokens = async () => {
      for (const who of ['admin', 'cabAdmin'] as const)
        tokens[who] = await Promise.all(members[who].map(async (m) => (await signIn(deps, m)).jwt));
    };
    const app = await buildApiApp(deps);
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const call = (who: keyof typeof tokens, i: number, path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${PORT}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${tokens[who][i % tokens[who].length]}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
    const target = kind === 'pglite' ? 300 : 100;
    const cases: [string, string][] = [
      ['first page', ''],
      ['keyword 契約', `&keyword=${encodeURIComponent('契約')}`],
      ['keyword 北斗製作所', `&keyword=${encodeURIComponent('北斗製作所')}`],
      ['keyword 東 (1 character)', `&keyword=${encodeURIComponent('東')}`],
    ];
    for (const who of opts.moveOnly ? [] : (['admin', 'cabAdmin'] as const)) {
      for (const [label, query] of cases) {
        const path = `/documents?cabinetId=${ids.big}${query}`;
        await refreshTokens();
        await load(CONCURRENCY, 40, (i) => call(who, i, path));
        const single = await load(1, 40, (i) => call(who, i, path));
        const times = await load(CONCURRENCY, kind === 'pglite' ? 200 : 400, (i) =>
          call(who, i, path),
        );
        const body = (await (await call(who, 0, path)).json()) as {
          total: number;
          isTotalExact: boolean;
        };
        rows.push({
          figure: `cabinet of ${n.toLocaleString()}: ${label} (${who === 'admin' ? 'company admin' : 'cabinet admin'}), p95 one client`,
          value: round(pct(single, 95)),
          unit: 'ms',
          target: `≤ ${target} ms`,
          pass: pct(single, 95) <= target,
          note: `${CONCURRENCY} clients: p50 ${round(pct(times, 50))} / p95 ${round(pct(times, 95))} ms; total ${body.total}${body.isTotalExact ? '' : '+'}`,
        });
      }
    }
    await refreshTokens();
    const listOne = opts.moveOnly ? [] : await load(1, 40, (i) => call('admin', i, '/cabinets'));
    const list = opts.moveOnly
      ? []
      : await load(CONCURRENCY, 200, (i) => call('admin', i, '/cabinets'));
    if (!opts.moveOnly)
      rows.push({
        figure: 'GET /cabinets with document counts, p95 one client',
        value: round(pct(listOne, 95)),
        unit: 'ms',
        target: '-',
        pass: null,
        note: `${CONCURRENCY} clients: p50 ${round(pct(list, 50))} / p95 ${round(pct(list, 95))} ms`,
      });

    // Move 10,000: one call, one transaction; then the all-or-nothing check; then back again.
    await refreshTokens();
    const picked = (
      await q<{ id: string }>(
        'select document_id as id from document_cabinets where cabinet_id = $1 order by document_id limit 10000',
        [ids.big],
      )
    ).rows.map((r) => r.id);
    const count = async (cabinetId: string) =>
      (
        await q<{ n: number }>(
          'select count(*)::int as n from document_cabinets where cabinet_id = $1',
          [cabinetId],
        )
      ).rows[0]!.n;
    // What GET /cabinets shows: the counters kept by the triggers (and by the move itself).
    const counter = async (cabinetId: string) =>
      Number(
        (
          await q<{ n: string }>(
            'select document_count as n from cabinet_document_stats where cabinet_id = $1',
            [cabinetId],
          )
        ).rows[0]?.n ?? 0,
      );
    const move = (
      to: string,
      from: string,
      documentIds: string[],
      who: keyof typeof tokens = 'cabAdmin',
    ) =>
      call(who, 0, `/cabinets/${to}/documents`, {
        method: 'POST',
        body: JSON.stringify({ documentIds, fromCabinetId: from }),
      });
    for (let r = 0; r < (opts.moveRounds ?? 1); r += 1) {
      const before = [await count(ids.big), await count(ids.target)];
      const t0 = performance.now();
      const res = await move(ids.target, ids.big, picked);
      const moveMs = performance.now() - t0;
      const moved = (await res.json()) as { linked: number; unlinked: number };
      const after = [await count(ids.big), await count(ids.target)];
      const counters = [await counter(ids.big), await counter(ids.target)];
      const isExact =
        res.status === 200 &&
        after[0] === before[0]! - 10000 &&
        after[1] === before[1]! + 10000 &&
        counters.join() === after.join();
      rows.push({
        figure: 'move 10,000 documents (cabinet admin, one call)',
        value: round(moveMs / 1000),
        unit: 's',
        target: '< 5 s',
        pass: moveMs < 5000 && isExact,
        note: `linked ${moved.linked}, unlinked ${moved.unlinked}; counts ${before.join('/')} → ${after.join('/')} (counters ${counters.join('/')}); load ${os.loadavg()[0]!.toFixed(2)}`,
      });
      const broken = [...picked.slice(0, 9999), crypto.randomUUID()];
      const t1 = performance.now();
      const refused = await move(ids.big, ids.target, broken);
      const refusedMs = performance.now() - t1;
      const unchanged = [await count(ids.big), await count(ids.target)];
      rows.push({
        figure: 'move 10,000 with one unknown id: refused, nothing changed',
        value: round(refusedMs),
        unit: 'ms',
        target: '404, counts unchanged',
        pass: refused.status === 404 && unchanged[0] === after[0] && unchanged[1] === after[1],
        note: `status ${refused.status}; counts ${unchanged.join('/')}`,
      });
      const back = await move(ids.big, ids.target, picked);
      if (back.status !== 200) log(`moving back failed: ${back.status}`);
    }
    await app.close();
  } finally {
    await closeDeps(deps);
  }
  return rows;
}

/**
 * For `npm run bench` (bench/lib/types.ts): the same cabinet of a million documents on the run's fresh
 * database, seeded once and shared by the three figures; requests through `app.inject` (no port), one client.
 * Ceilings: the same work as bare SQL on the same database.
 */
type Shared = {
  deps: AppDeps;
  ids: Ids;
  app: Awaited<ReturnType<typeof buildApiApp>>;
  fresh: Record<'admin' | 'cabAdmin', FreshTokens>;
};
let shared: Promise<Shared> | null = null;
function setup(ctx: BenchContext): Promise<Shared> {
  shared ??= (async () => {
    process.env.BENCH_DATABASE_URL ??= ctx.databaseUrl;
    const opened = await openSeededDocuments('postgres', ctx.size(1_000_000));
    const deps = opened.deps;
    const ids = await ensureSeeded(deps, opened.companyId);
    const admin = await makeUser(deps, ids.companyId, {
      name: 'ベンチ 管理者',
      roles: ['CompanyAdmin'],
    });
    const cabAdmin = await makeUser(deps, ids.companyId, { name: 'ベンチ キャビネット管理者' });
    await deps.database.raw.query(
      'insert into cabinet_admins (cabinet_id, user_id) values ($1, $3), ($2, $3)',
      [ids.big, ids.target, cabAdmin.id],
    );
    const app = await buildApiApp(deps);
    return {
      deps,
      ids,
      app,
      // Tokens expire after 5 minutes: signed again before each row (fresh-tokens.ts).
      fresh: {
        admin: await freshTokens(deps, [admin]),
        cabAdmin: await freshTokens(deps, [cabAdmin]),
      },
    };
  })();
  return shared;
}

async function pageBenchmark(ctx: BenchContext, who: 'admin' | 'cabAdmin', keyword: string) {
  const s = await setup(ctx);
  await s.fresh[who].refresh();
  const url = `/documents?cabinetId=${s.ids.big}${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`;
  const figure = {
    clients: 1,
    requests: 60,
    warmup: 5,
    run: async () => {
      const res = await s.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${s.fresh[who].tokens[0]}` },
      });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
    },
  };
  const kw = keyword ? `and d.search_text like '%' || $2 || '%'` : `and $2 = ''`;
  const ceiling = {
    clients: 1,
    requests: 60,
    warmup: 5,
    run: async () => {
      await s.deps.database.raw.query(
        `select d.id, d.title from documents d join document_cabinets dc on dc.document_id = d.id and dc.cabinet_id = $1
         where d.company_id = $3 ${kw} order by d.updated_at desc, d.id desc limit 50`,
        [s.ids.big, normalizeSearchText(keyword), s.ids.companyId],
      );
    },
  };
  // Alternating rounds: a burst of load from others hits the figure and its ceiling alike.
  const { figure: api, ceiling: raw, ratios } = await measureInterleaved({ figure, ceiling });
  return {
    figure: api.p95,
    ceiling: raw.p95,
    unit: 'ms',
    pass: api.errors === 0 && api.p95 <= 100,
    note: `p50 ${api.p50.toFixed(1)} ms; ${spreadNote(ratios)}; ${api.errors} errors${api.firstError ? ` (${api.firstError})` : ''}`,
  };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'cabinets: first page of a 1,000,000-document cabinet (cabinet admin)',
    target: 'p95 ≤ 100 ms',
    run: (ctx) => pageBenchmark(ctx, 'cabAdmin', ''),
  },
  {
    name: 'cabinets: keyword 北斗製作所 in a 1,000,000-document cabinet (cabinet admin)',
    target: 'p95 ≤ 100 ms',
    run: (ctx) => pageBenchmark(ctx, 'cabAdmin', '北斗製作所'),
  },
  {
    name: 'cabinets: first page of a 1,000,000-document cabinet (company admin)',
    target: 'p95 ≤ 100 ms',
    run: (ctx) => pageBenchmark(ctx, 'admin', ''),
  },
  {
    name: 'cabinets: move 10,000 documents, all-or-nothing',
    target: '< 5 s; one unknown id → 404, nothing changed',
    run: async (ctx) => {
      const s = await setup(ctx);
      await s.fresh.cabAdmin.refresh();
      const q = s.deps.database.raw.query;
      const picked = (
        await q<{ id: string }>(
          'select document_id as id from document_cabinets where cabinet_id = $1 order by document_id limit 10000',
          [s.ids.big],
        )
      ).rows.map((r) => r.id);
      const move = (to: string, from: string, documentIds: string[]) =>
        s.app.inject({
          method: 'POST',
          url: `/cabinets/${to}/documents`,
          headers: { authorization: `Bearer ${s.fresh.cabAdmin.tokens[0]}` },
          payload: { documentIds, fromCabinetId: from },
        });
      const count = async (id: string) =>
        (
          await q<{ n: number }>(
            'select count(*)::int as n from document_cabinets where cabinet_id = $1',
            [id],
          )
        ).rows[0]!.n;
      // The correctness half, once: the move, its count, the refused move that must change nothing.
      const res = await move(s.ids.target, s.ids.big, picked);
      const after = await count(s.ids.target);
      const refused = await move(s.ids.big, s.ids.target, [
        ...picked.slice(0, picked.length - 1),
        crypto.randomUUID(),
      ]);
      const unchanged = (await count(s.ids.target)) === after;
      await move(s.ids.big, s.ids.target, picked);
      // Figure and ceiling in alternating rounds; each figure round moves the documents there and (untimed) back.
      const {
        figure: moves,
        ceiling: bare,
        ratios,
      } = await interleave({
        rounds: 3,
        figure: async () => {
          const t0 = performance.now();
          const r = await move(s.ids.target, s.ids.big, picked);
          const ms = performance.now() - t0;
          if (r.statusCode !== 200) throw new Error(`move ${r.statusCode} ${r.body.slice(0, 200)}`);
          await move(s.ids.big, s.ids.target, picked);
          return [ms];
        },
        // Ceiling: the same two statements as bare SQL in one transaction, rolled back.
        ceiling: async () => {
          const t1 = performance.now();
          await s.deps.database.db
            .transaction(async (tx) => {
              await tx.execute(
                sql`insert into document_cabinets (cabinet_id, document_id) select ${s.ids.target}, d from unnest(${sql.param(picked)}::uuid[]) d on conflict do nothing`,
              );
              await tx.execute(
                sql`delete from document_cabinets where cabinet_id = ${s.ids.big} and document_id = any(${sql.param(picked)}::uuid[])`,
              );
              tx.rollback();
            })
            .catch(() => undefined);
          return [performance.now() - t1];
        },
      });
      const ms = percentile(moves, 50);
      const ceiling = percentile(bare, 50);
      return {
        figure: ms / 1000,
        ceiling: ceiling / 1000,
        unit: 's',
        pass:
          res.statusCode === 200 &&
          ms < 5000 &&
          refused.statusCode === 404 &&
          unchanged &&
          after === picked.length,
        note: `median of 3 rounds; ${spreadNote(ratios)}; move ${res.statusCode}; refused ${refused.statusCode}; unchanged ${unchanged}`,
      };
    },
  },
];

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      documents: { type: 'string' },
      'seed-only': { type: 'boolean' },
      fresh: { type: 'boolean' },
      'move-only': { type: 'boolean' },
      rounds: { type: 'string' },
    },
  });
  const kinds = values.db ? [values.db as 'pglite' | 'postgres'] : (['postgres'] as const);
  const n = Number(values.documents ?? 1_000_000);
  for (const kind of kinds) {
    const rows = await runCabinetsBench(kind, n, {
      seedOnly: values['seed-only'],
      fresh: values.fresh,
      moveOnly: values['move-only'],
      moveRounds: Number(values.rounds ?? 1),
    });
    if (rows.length === 0) continue;
    console.log(`\ncabinets (${kind}, ${n.toLocaleString()} documents in one cabinet)`);
    console.table(
      rows.map((r) => ({
        figure: r.figure,
        value: `${r.value} ${r.unit}`,
        target: r.target,
        result: r.pass === null ? '-' : r.pass ? 'pass' : 'SHORT',
        note: r.note ?? '',
      })),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
