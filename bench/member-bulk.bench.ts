/**
 * Bulk member operations at scale, on PostgreSQL, each figure beside its ceiling measured
 * in the same run:
 * - check of 100,000 rows (UTF-8 and Shift_JIS) vs decoding and parsing the same bytes alone (≤ 10 s, ≤ 512 MB);
 * - execution of 100,000 adds vs a raw COPY of the same rows into users (≤ 3×);
 * - 100,000 edits vs one set-based UPDATE … FROM, 100,000 deletes vs one DELETE … USING (≤ 3×);
 * - export of 100,000 members vs COPY (SELECT …) TO plus encoding (≤ 5×), with its memory growth.
 */
import os from 'node:os';
import { Readable, Transform, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import iconv from 'iconv-lite';
import { BulkKind, BulkStatus } from '@cloudsign/contract';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { closeDeps, createDeps } from '../apps/server/src/bootstrap.ts';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { DEFAULT_BENCH_URL } from './lib/context.ts';
import { insertManipulation, updateManipulation } from '../apps/server/src/bulk/bulk.repository.ts';
import { runCheck } from '../apps/server/src/bulk/check-runner.ts';
import { runExecute } from '../apps/server/src/bulk/execute-runner.ts';
import { createMemberChecker } from '../apps/server/src/modules/member-bulk/member-checker.ts';
import { memberExecutor } from '../apps/server/src/modules/member-bulk/member-executor.ts';
import { runMemberExport } from '../apps/server/src/modules/member-bulk/member-export.ts';
import { readCsvRecords } from '../apps/server/src/lib/csv/parse.ts';
import { memberSearchText } from '../apps/server/src/lib/search-text.ts';
import { makeCompany, makeUser, signIn } from '../apps/server/test/support/fixtures.ts';
import { checkOnServer, type ServerCheck } from './lib/bulk-check-server.ts';
import { interleave, percentile, spreadNote } from './lib/measure.ts';
import { mib } from './lib/rss.ts';
import type { BenchContext, BenchResult, Benchmark } from './lib/types.ts';

export type Setup = { deps: AppDeps; companyId: string; adminId: string };
let setup: Promise<Setup> | null = null;
const prepare = (ctx: BenchContext) =>
  (setup ??= (async () => {
    const deps = await ctx.deps('postgres');
    const company = await makeCompany(deps, { name: 'ベンチ一括操作株式会社' });
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    return { deps, companyId: company.id, adminId: admin.id };
  })());

const HEADER =
  'メールアドレス,氏名,所属,組織管理権限,承認権限,監査ログ閲覧権限,書類インポート権限,テンプレート共有権限,メンバーグループ';
export const addCsv = (n: number, prefix: string) => {
  const lines = [HEADER];
  for (let i = 0; i < n; i += 1)
    lines.push(
      `${prefix}${i}@bench.example.com,髙橋 ①郎${i},㈱営業本部 第${i % 50}課,0,${i % 2},0,0,0,`,
    );
  return `${lines.join('\r\n')}\r\n`;
};

const seconds = (ms: number) => Math.round(ms / 10) / 100;

/**
 * Figure and ceiling alternate in this many rounds, so a burst of others' load lands on both. The adds of
 * round r (r > 0) use the prefix `add<r>x-` and the COPY ceiling `copy<r>x-`: the deletes then have one set
 * of members per round to delete, and the edits and the export keep reading the `add-` members.
 */
const ROUNDS = 3;
const prefixOf = (base: 'add' | 'copy', r: number) => (r === 0 ? `${base}-` : `${base}${r}x-`);
const median = (sorted: readonly number[]) => percentile(sorted, 50);
const oneEach = (a: () => Promise<number>, b: () => Promise<number>) =>
  interleave({
    rounds: ROUNDS,
    figure: async () => [await a()],
    ceiling: async () => [await b()],
    stat: (xs) => xs[0]!,
  });

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

async function newManipulation(
  s: Setup,
  kind: number,
  bytes: Buffer,
  status: number = BulkStatus.Uploaded,
) {
  const id = crypto.randomUUID();
  const key = `member-bulk/${id}-in.csv`;
  await s.deps.storage.write(key, bytes);
  return insertManipulation(s.deps.database.db, {
    id,
    companyId: s.companyId,
    target: 'members',
    kind,
    status,
    inputFileKey: key,
    createdBy: s.adminId,
  });
}

/** The server process of the check figures: site on this port, api on the next (BENCH_MEMBER_BULK_PORT). */
const SERVER_PORT = Number(process.env.BENCH_MEMBER_BULK_PORT ?? 3980);

/**
 * The check as the admin waits for it (upload → checked) with the memory of the process that runs it: the
 * server alone, in its own process (bench/lib/bulk-check-server.ts); peak is absolute, growth is over its
 * baseline just before the upload. Ceiling: decoding and parsing the same bytes alone.
 */
async function checkBench(ctx: BenchContext, encoding: 'utf8' | 'sjis'): Promise<BenchResult> {
  const s = await prepare(ctx);
  const n = ctx.size(100_000);
  const { cookie } = await signIn(s.deps, { id: s.adminId, companyId: s.companyId });
  let check: ServerCheck | undefined;
  let worst: ServerCheck | undefined;
  const r = await oneEach(
    async () => {
      check = await checkOnServer({
        port: SERVER_PORT,
        databaseUrl: ctx.databaseUrl,
        sessionCookie: cookie,
        file: checkFile(n, encoding),
      });
      if (!worst || check.peakBytes > worst.peakBytes || check.status !== BulkStatus.Ready)
        worst = check;
      return check.ms;
    },
    async () => {
      const bytes = checkFile(n, encoding);
      const parseOnly = await timed(async () => {
        let rows = 0;
        for await (const rec of readCsvRecords(Readable.from([bytes])))
          rows += rec.cells.length > 0 ? 1 : 0;
        return rows;
      });
      return parseOnly.ms;
    },
  );
  check = { ...worst!, ms: median(r.figure) };
  const parseOnly = { ms: median(r.ceiling) };
  return {
    figure: seconds(check.ms),
    ceiling: seconds(parseOnly.ms),
    unit: 's',
    pass:
      check.ms <= 10_000 &&
      check.status === BulkStatus.Ready &&
      check.peakBytes <= 512 * 1024 * 1024,
    note: `${checkNote(n, check)}、${ROUNDS}回の中央値（メモリは最大の回）、${spreadNote(r.ratios)}`,
  };
}

const checkFile = (n: number, encoding: 'utf8' | 'sjis') => {
  const text = addCsv(n, `check-${encoding}-${Date.now()}-`);
  return encoding === 'sjis' ? iconv.encode(text, 'cp932') : Buffer.from(text, 'utf8');
};

const checkNote = (n: number, c: ServerCheck) =>
  `${n.toLocaleString('ja-JP')}行、サーバープロセスのピーク RSS ${mib(c.peakBytes)} MiB（開始前 ${mib(c.baselineBytes)} MiB から +${mib(c.peakBytes - c.baselineBytes)} MiB）、アップロードからチェック完了まで、counts ${JSON.stringify(c.counts)}`;

/** Runs a ready manipulation of `kind` whose rows are checked from `bytes`, and times the execution alone. */
export async function executeTimed(s: Setup, kind: number, bytes: Buffer) {
  const m = await newManipulation(s, kind, bytes);
  await runCheck(s.deps, m.id, (mm, h) => createMemberChecker(s.deps.database.db, mm, h));
  const ready = await updateManipulation(
    s.deps.database.db,
    m.id,
    { status: BulkStatus.Processing },
    [BulkStatus.Ready],
  );
  if (!ready)
    throw new Error(
      `check failed: ${JSON.stringify((await s.deps.database.raw.query('select counts, file_error from bulk_manipulations where id = $1', [m.id])).rows)}`,
    );
  return timed(() => runExecute(s.deps, m.id, memberExecutor(kind)));
}

async function copyIn(url: string, sql: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t = performance.now();
    await pipeline(Readable.from([text]), client.query(copyFrom(sql)));
    return performance.now() - t;
  } finally {
    await client.end();
  }
}

const tsvEscape = (v: string) =>
  v.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);

async function addsBench(ctx: BenchContext) {
  const s = await prepare(ctx);
  const n = ctx.size(100_000);
  let round = 0;
  let copyRound = 0;
  const r = await oneEach(
    async () => {
      const prefix = prefixOf('add', round++);
      return (await executeTimed(s, BulkKind.Add, Buffer.from(addCsv(n, prefix), 'utf8'))).ms;
    },
    // Ceiling: the same rows (same columns, search text computed) straight into users by COPY.
    async () => {
      const prefix = prefixOf('copy', copyRound++);
      const rows: string[] = [];
      for (let i = 0; i < n; i += 1) {
        const m = {
          email: `${prefix}${i}@bench.example.com`,
          name: `髙橋 ①郎${i}`,
          organization: `㈱営業本部 第${i % 50}課`,
        };
        rows.push(
          [
            s.companyId,
            m.email,
            m.name,
            m.organization,
            i % 2 ? '{CompanyApprover}' : '{}',
            '0',
            memberSearchText(m),
          ]
            .map(tsvEscape)
            .join('\t'),
        );
      }
      return copyIn(
        ctx.databaseUrl,
        'copy users (company_id, email, name, organization, roles, status, search_text) from stdin',
        `${rows.join('\n')}\n`,
      );
    },
  );
  const exec = { ms: median(r.figure) };
  const copyMs = median(r.ceiling);
  return {
    figure: seconds(exec.ms),
    ceiling: seconds(copyMs),
    unit: 's',
    pass: exec.ms <= 3 * copyMs,
    note: `${n.toLocaleString('ja-JP')}件の追加（招待メールは別ジョブ）、${ROUNDS}回の中央値、${spreadNote(r.ratios)}`,
  };
}

async function editsBench(ctx: BenchContext) {
  const s = await prepare(ctx);
  const { rows } = await s.deps.database.raw.query<{ id: string; email: string }>(
    `select id, email from users where company_id = $1 and email like 'add-%' order by email`,
    [s.companyId],
  );
  let round = 0;
  let updateRound = 0;
  const r = await oneEach(
    async () => {
      const tag = round++;
      const lines = ['メンバーID,氏名', ...rows.map((row, i) => `${row.id},編集後${tag} ${i}`)];
      const exec = await executeTimed(
        s,
        BulkKind.Edit,
        Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
      );
      return exec.ms;
    },
    // Ceiling: the same new names by one set-based UPDATE … FROM a staging table loaded by COPY.
    async () => {
      const tag = updateRound++;
      await s.deps.database.raw.exec(
        'create table if not exists bench_edits (id uuid, name text, search text)',
      );
      await copyIn(
        ctx.databaseUrl,
        'copy bench_edits from stdin',
        rows
          .map(
            (row, i) =>
              `${row.id}\t再編集${tag} ${i}\t${tsvEscape(memberSearchText({ name: `再編集${tag} ${i}`, email: row.email, organization: '' }))}`,
          )
          .join('\n') + '\n',
      );
      const update = await timed(() =>
        s.deps.database.raw.query(
          'update users u set name = e.name, search_text = e.search, updated_at = now() from bench_edits e where u.id = e.id',
        ),
      );
      await s.deps.database.raw.exec('drop table bench_edits');
      return update.ms;
    },
  );
  const exec = { ms: median(r.figure) };
  const update = { ms: median(r.ceiling) };
  return {
    figure: seconds(exec.ms),
    ceiling: seconds(update.ms),
    unit: 's',
    pass: exec.ms <= 3 * update.ms,
    note: `${rows.length.toLocaleString('ja-JP')}件の更新、${ROUNDS}回の中央値、${spreadNote(r.ratios)}`,
  };
}

async function exportRun(s: Setup, filters: Record<string, unknown>) {
  const m = await insertManipulation(s.deps.database.db, {
    companyId: s.companyId,
    target: 'members',
    kind: BulkKind.Export,
    status: BulkStatus.Processing,
    encoding: 'sjis',
    params: { filters },
  });
  return timed(() => runMemberExport(s.deps, m.id));
}

async function exportBench(ctx: BenchContext) {
  const s = await prepare(ctx);
  global.gc?.();
  const rssSmall = ctx.sampleRss({ intervalMs: 20 });
  const base = process.memoryUsage.rss();
  await exportRun(s, { keyword: 'add-1' }); // about a tenth of the members
  const small = rssSmall.stop().peakBytes - base;
  const rss = ctx.sampleRss({ intervalMs: 20 });
  // Ceiling: COPY (SELECT …) TO of the same columns, encoded to Shift_JIS on the way.
  const copyOut = async () => {
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      const t = performance.now();
      const text = new StringDecoder('utf8');
      await pipeline(
        client.query(
          copyTo(
            `copy (select u.id, u.email, u.name, u.organization, u.roles, (select string_agg(g.name, ';') from member_group_users m join member_groups g on g.id = m.group_id where m.user_id = u.id), u.updated_at from users u where u.company_id = '${s.companyId}' order by u.name, u.id) to stdout with (format csv)`,
          ),
        ),
        new Transform({
          transform: (chunk: Buffer, _e, cb) => cb(null, iconv.encode(text.write(chunk), 'cp932')),
        }),
        new Writable({ write: (_c, _e, cb) => cb() }),
      );
      return performance.now() - t;
    } finally {
      await client.end();
    }
  };
  const r = await oneEach(async () => (await exportRun(s, {})).ms, copyOut);
  const big = rss.stop().peakBytes - base;
  const full = { ms: median(r.figure) };
  const copyMs = median(r.ceiling);
  return {
    figure: seconds(full.ms),
    ceiling: seconds(copyMs),
    unit: 's',
    pass: full.ms <= 5 * copyMs,
    note: `メモリ増分 全件 ${mib(big)} MiB / 約1割 ${mib(small)} MiB、${ROUNDS}回の中央値、${spreadNote(r.ratios)}`,
  };
}

async function deletesBench(ctx: BenchContext) {
  const s = await prepare(ctx);
  const idsOf = async (prefix: string) =>
    (
      await s.deps.database.raw.query<{ id: string }>(
        `select id from users where company_id = $1 and email like $2`,
        [s.companyId, `${prefix}%`],
      )
    ).rows.map((r) => r.id);
  // Round r deletes the members the adds' round r made (the edited `add-` ones last), and the ceiling the
  // COPY-loaded ones of the same round.
  let round = 0;
  let delRound = 0;
  let deleted = 0;
  const r = await oneEach(
    async () => {
      const ids = await idsOf(prefixOf('add', ++round % ROUNDS));
      deleted = ids.length;
      const exec = await executeTimed(
        s,
        BulkKind.Delete,
        Buffer.from(`${['メンバーID', ...ids].join('\r\n')}\r\n`, 'utf8'),
      );
      return exec.ms;
    },
    // Ceiling: the COPY-loaded members deleted by one DELETE … USING a staging table of their ids.
    async () => {
      const copied = await idsOf(prefixOf('copy', ++delRound % ROUNDS));
      await s.deps.database.raw.exec('create table if not exists bench_deletes (id uuid)');
      await copyIn(ctx.databaseUrl, 'copy bench_deletes from stdin', copied.join('\n') + '\n');
      const del = await timed(() =>
        s.deps.database.raw.query('delete from users u using bench_deletes d where u.id = d.id'),
      );
      await s.deps.database.raw.exec('drop table bench_deletes');
      return del.ms;
    },
  );
  const exec = { ms: median(r.figure) };
  const del = { ms: median(r.ceiling) };
  return {
    figure: seconds(exec.ms),
    ceiling: seconds(del.ms),
    unit: 's',
    pass: exec.ms <= 3 * del.ms,
    note: `${deleted.toLocaleString('ja-JP')}件の削除、${ROUNDS}回の中央値、${spreadNote(r.ratios)}`,
  };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'メンバー一括: チェック 10万行 UTF-8（PG）',
    target: '≤ 10 s, ≤ 512 MB',
    run: (ctx) => checkBench(ctx, 'utf8'),
  },
  {
    name: 'メンバー一括: チェック 10万行 Shift_JIS（PG）',
    target: '≤ 10 s, ≤ 512 MB',
    run: (ctx) => checkBench(ctx, 'sjis'),
  },
  { name: 'メンバー一括: 追加 10万件の実行 vs COPY（PG）', target: '≤ 3× ceiling', run: addsBench },
  {
    name: 'メンバー一括: 更新 10万件の実行 vs UPDATE…FROM（PG）',
    target: '≤ 3× ceiling',
    run: editsBench,
  },
  {
    name: 'メンバー一括: エクスポート 10万人 vs COPY TO + 符号化（PG）',
    target: '≤ 5× ceiling',
    run: exportBench,
  },
  {
    name: 'メンバー一括: 削除 10万件の実行 vs DELETE…USING（PG）',
    target: '≤ 3× ceiling',
    run: deletesBench,
  },
];

const HELP = `node --import tsx bench/member-bulk.bench.ts [options]
  The check figures alone (upload over HTTP to the server in its own process, its peak RSS), on a fresh
  PostgreSQL database created for the run and dropped after it.
  --rows <n>          data rows per file (default 100000)
  --encoding <e>      utf8, sjis or both (default both)
  --port <p>          server port, api on p+1 (default BENCH_MEMBER_BULK_PORT or 3980)
  --admin-url <url>   PostgreSQL server (default BENCH_DATABASE_URL, TEST_DATABASE_URL or ${DEFAULT_BENCH_URL})
  --db-name <name>    the run's database (default bench_member_bulk_<time>)`;

async function main() {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string' },
      encoding: { type: 'string' },
      port: { type: 'string' },
      'admin-url': { type: 'string' },
      'db-name': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void console.log(HELP);
  const adminUrl =
    values['admin-url'] ??
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    DEFAULT_BENCH_URL;
  const name = values['db-name'] ?? `bench_member_bulk_${Date.now().toString(36)}`;
  const n = Number(values.rows ?? 100_000);
  const port = Number(values.port ?? SERVER_PORT);
  const encodings =
    values.encoding && values.encoding !== 'both'
      ? [values.encoding as 'utf8' | 'sjis']
      : (['utf8', 'sjis'] as const);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    const database = await openDatabase({ databaseUrl });
    await runMigrations(database);
    const deps = await createDeps(
      parseEnv({
        NODE_ENV: 'production',
        DATA_DIR: os.tmpdir(),
        LOG_LEVEL: 'silent',
        SEED: 'off',
        DATABASE_URL: databaseUrl,
      }),
      { database },
    );
    const company = await makeCompany(deps, { name: 'ベンチ一括操作株式会社' });
    const user = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const { cookie } = await signIn(deps, user);
    await closeDeps(deps);
    for (const encoding of encodings) {
      const c = await checkOnServer({
        port,
        databaseUrl,
        sessionCookie: cookie,
        file: checkFile(n, encoding),
      });
      console.log(`check ${encoding}: ${seconds(c.ms)} s; ${checkNote(n, c)}; status ${c.status}`);
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
