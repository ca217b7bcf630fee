/**
 * SCIM provisioning at scale (issue 34), on PostgreSQL, the api in its own process (`--role=api`, as the other
 * benchmarks run their server: the clients here do not share its event loop; the invitations' jobs wait for a
 * worker, none runs):
 * - a first full sync of 100,000 users through `POST /scim/v2/Users` at 20 concurrent requests, against the
 *   member CSV add's rows per second (its execution, as in member-bulk.bench.ts), the two alternating in
 *   rounds of a fifth each, into two companies (≥ 50 % of the CSV add's rows/s, no error);
 * - `GET /Users?filter=userName eq "…"` (a random member, in a random case) at 20 clients once the sync has
 *   made 100,000 members, against the bare SQL of the same lookup (p95 ≤ 50 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BulkKind } from '@cloudsign/contract';
import { buildApiApp } from '../apps/server/src/api-app.ts';
import { makeCompany, makeUser, signIn } from '../apps/server/test/support/fixtures.ts';
import { addCsv, executeTimed, type Setup } from './member-bulk.bench.ts';
import { interleave, measureInterleaved, spreadNote } from './lib/measure.ts';
import { startServer, type ServerProcess } from './lib/server-process.ts';
import type { BenchContext, BenchResult, Benchmark } from './lib/types.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const CLIENTS = 20;
const ROUNDS = 5;
/** The api of these rows listens here (BENCH_SCIM_PORT); its process's site on the port below. */
const PORT = Number(process.env.BENCH_SCIM_PORT ?? 3990);

type World = {
  server: ServerProcess;
  close: () => Promise<void>;
  base: string;
  secret: string;
  scimCompanyId: string;
  csv: Setup;
  /** userNames the sync made, for the filter row. */
  userNames: string[];
  synced: boolean;
  sync?: BenchResult;
};
let world: Promise<World> | null = null;

const prepare = (ctx: BenchContext) =>
  (world ??= (async () => {
    const deps = await ctx.deps('postgres');
    const scimCompany = await makeCompany(deps, { name: 'ベンチSCIM株式会社' });
    const admin = await makeUser(deps, scimCompany.id, { roles: ['CompanyAdmin'] });
    const csvCompany = await makeCompany(deps, { name: 'ベンチSCIM比較用CSV株式会社' });
    const csvAdmin = await makeUser(deps, csvCompany.id, { roles: ['CompanyAdmin'] });
    // The token made as an admin makes it (POST /provisioning/tokens), by an app in this process that only
    // answers that; the measured api runs apart.
    const local = await buildApiApp(deps);
    const { headers } = await signIn(deps, admin);
    const token = await local.inject({
      method: 'POST',
      url: '/provisioning/tokens',
      headers,
      payload: { name: 'Entra ID ベンチ' },
    });
    await local.close();
    if (token.statusCode !== 201) throw new Error(`token: ${token.statusCode} ${token.body}`);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-scim-'));
    const server = await startServer({
      port: PORT - 1,
      dataDir,
      databaseUrl: ctx.databaseUrl,
      args: ['--role=api'],
      // BENCH_SCIM_CPU_PROF=<dir>: the api's CPU profile of the run, written there when it stops.
      nodeArgs: process.env.BENCH_SCIM_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SCIM_CPU_PROF}`]
        : [],
      env: {
        // A sync at half the CSV add's rate is more than the default 30,000 requests a minute of one token.
        SCIM_REQUESTS_PER_MINUTE: '999999',
        DB_POOL_JOBS: '2',
      },
    });
    // Whatever row fails or is left out, the server does not outlive this run.
    const kill = () => {
      try {
        process.kill(server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    process.once('exit', kill);
    return {
      server,
      close: async () => {
        process.off('exit', kill);
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
      base: `${server.apiUrl}/scim/v2`,
      secret: token.json<{ secret: string }>().secret,
      scimCompanyId: scimCompany.id,
      csv: { deps, companyId: csvCompany.id, adminId: csvAdmin.id },
      userNames: [],
      synced: false,
    };
  })());

/** A user as Entra ID sends it on a first sync. */
const entraUser = (i: number) => ({
  schemas: [USER, ENTERPRISE],
  externalId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  userName: `scim.user${i}@bench.example.com`,
  active: true,
  displayName: `髙橋 ${i}郎`,
  name: { familyName: '髙橋', givenName: `${i}郎` },
  emails: [{ type: 'work', value: `scim.user${i}@bench.example.com`, primary: true }],
  [ENTERPRISE]: { department: `営業本部 第${i % 50}課` },
});

/** `count` users from `from` through POST /Users, `CLIENTS` at a time: wall time and the refusals. */
async function postUsers(w: World, from: number, count: number) {
  let next = from;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < from + count) {
        const i = next++;
        const res = await fetch(`${w.base}/Users`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${w.secret}`,
            'content-type': 'application/scim+json',
          },
          body: JSON.stringify(entraUser(i)),
        });
        const text = await res.text();
        if (res.status === 201) w.userNames.push(`scim.user${i}@bench.example.com`);
        else {
          errors++;
          firstError ??= `${res.status} ${text.slice(0, 200)}`;
        }
      }
    }),
  );
  return { ms: performance.now() - started, errors, firstError };
}

async function syncBench(ctx: BenchContext): Promise<BenchResult> {
  const w = await prepare(ctx);
  const n = ctx.size(100_000);
  const per = Math.ceil(n / ROUNDS);
  let scimRows = 0;
  let scimMs = 0;
  let csvRows = 0;
  let csvMs = 0;
  let errors = 0;
  let firstError: string | undefined;
  const r = await interleave({
    rounds: ROUNDS,
    figure: async (round) => {
      const count = Math.min(per, n - round * per);
      const done = await postUsers(w, round * per, count);
      scimRows += count;
      scimMs += done.ms;
      errors += done.errors;
      firstError ??= done.firstError;
      ctx.log(`SCIM round ${round}: ${count} users in ${(done.ms / 1000).toFixed(1)} s`);
      return [count / (done.ms / 1000)];
    },
    // Ceiling: the same number of members added by the member CSV's execution (its check not timed).
    ceiling: async (round) => {
      const count = Math.min(per, n - round * per);
      const csv = Buffer.from(addCsv(count, `scim-csv${round}-`), 'utf8');
      const exec = await executeTimed(w.csv, BulkKind.Add, csv);
      csvRows += count;
      csvMs += exec.ms;
      ctx.log(`CSV round ${round}: ${count} rows in ${(exec.ms / 1000).toFixed(1)} s`);
      return [count / (exec.ms / 1000)];
    },
    stat: (xs) => xs[0]!,
  });
  w.synced = true;
  const scimRate = scimRows / (scimMs / 1000);
  const csvRate = csvRows / (csvMs / 1000);
  return {
    figure: Math.round(scimRate),
    ceiling: Math.round(csvRate),
    unit: 'rows/s',
    pass: errors === 0 && scimRate >= 0.5 * csvRate,
    note: `${scimRows.toLocaleString('ja-JP')}人を${CLIENTS}並列で ${(scimMs / 1000).toFixed(0)} 秒（一括追加 ${(csvMs / 1000).toFixed(0)} 秒）、エラー ${errors}${firstError ? `（最初: ${firstError}）` : ''}、${ROUNDS}回に分けて交互、${spreadNote(r.ratios)}`,
  };
}

/** An address as an IdP may send it: the case of every letter at random. */
const randomCase = (s: string) =>
  [...s].map((c) => (Math.random() < 0.5 ? c.toUpperCase() : c)).join('');

async function filterBench(ctx: BenchContext): Promise<BenchResult> {
  const w = await prepare(ctx);
  if (!w.synced)
    throw new Error('初回同期の行が先に実行されていません（--only で両方を選んでください）');
  const names = w.userNames;
  const pick = () => names[Math.floor(Math.random() * names.length)]!;
  const pool = w.csv.deps.database.raw;
  const { figure, ceiling, ratios } = await measureInterleaved({
    figure: {
      clients: CLIENTS,
      requests: 4000,
      warmup: 5,
      run: async () => {
        const userName = randomCase(pick());
        const filter = encodeURIComponent(`userName eq "${userName}"`);
        const res = await fetch(`${w.base}/Users?filter=${filter}`, {
          headers: { authorization: `Bearer ${w.secret}` },
        });
        const body = (await res.json()) as { totalResults?: number };
        if (res.status !== 200 || body.totalResults !== 1)
          throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      },
    },
    // Ceiling: the same lookup as bare SQL on the pool (the member by the e-mail's unique index).
    ceiling: {
      clients: CLIENTS,
      requests: 4000,
      warmup: 5,
      run: async () => {
        const { rows } = await pool.query(
          'select id, email, name, organization, status, created_at, updated_at from users where company_id = $1 and email = $2',
          [w.scimCompanyId, pick().toLowerCase()],
        );
        if (rows.length !== 1) throw new Error('not found');
      },
    },
  });
  await w.close();
  return {
    figure: Number(figure.p95.toFixed(1)),
    ceiling: Number(ceiling.p95.toFixed(1)),
    unit: 'ms',
    pass: figure.errors === 0 && figure.p95 <= 50,
    note: `${names.length.toLocaleString('ja-JP')}人の会社、${CLIENTS}並列、p50 ${figure.p50.toFixed(1)} ms、${figure.throughput.toFixed(0)} req/s、エラー ${figure.errors}${figure.firstError ? `（${figure.firstError}）` : ''}、${spreadNote(ratios)}`,
  };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'SCIM: 初回同期 10万人 POST /Users 20並列 vs 一括追加（PG）',
    target: '≥ 0.5× ceiling (rows/s), no error',
    run: syncBench,
  },
  {
    name: 'SCIM: GET /Users?filter=userName eq 10万人（PG）',
    target: 'p95 ≤ 50 ms',
    run: filterBench,
  },
];
