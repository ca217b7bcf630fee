/**
 * The audit log at scale (bench/README.md "The audit log benchmark"): N events in one company (10,000,000 at
 * --scale 1 on PostgreSQL, a tenth of that on the in-memory PGlite), seeded set-based through the chain trigger.
 * Rows: GET /audit_events first page and each filter, p95 at 20 clients, against the bare SQL of the same
 * statements, alternating in short rounds; the deepest page against the first; audit:verify against a
 * sequential read of the table; the recording overhead of member creates.
 */
import { buildApiApp, type ApiApp } from '../apps/server/src/api-app.ts';
import { findSessionUser } from '../apps/server/src/auth/current-user.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { findEvents } from '../apps/server/src/modules/audit-log/audit-log.service.ts';
import { verifyChain } from '../apps/server/src/modules/audit-log/audit-verify.ts';
import { ZFindAuditEventsQuery } from '@cloudsign/contract';
import { makeCompany, makeUser, signIn } from '../apps/server/test/support/fixtures.ts';
import {
  readSeededAuditLog,
  seedAuditEvents,
  type SeededAuditLog,
} from './lib/audit-events-seed.ts';
import { keptAuditDatabase, openKeptAuditDatabase } from './lib/audit-kept-database.ts';
import { DEFAULT_BENCH_URL } from './lib/context.ts';
import { freshTokens } from './lib/fresh-tokens.ts';
import { executeMemberEdits, insertEditableMembers } from './lib/member-edits-run.ts';
import { executeAttributeEdits, insertEditableDocuments } from './lib/attribute-edits-run.ts';
import {
  writeRowEvents,
  type RowEventWriter,
} from '../apps/server/src/modules/audit-log/bulk-row-events.ts';
import { interleave, measureInterleaved, percentile, spreadNote } from './lib/measure.ts';
import { recordStatements } from '../apps/server/test/support/record-statements.ts';
import type { BenchContext, BenchResult, Benchmark, DbKind } from './lib/types.ts';

const CLIENTS = 20;
const P95_TARGET: Record<DbKind, number> = { postgres: 100, pglite: 300 };
/** PGlite holds its database in this process's memory: a tenth of PostgreSQL's events. */
const EVENTS: Record<DbKind, number> = { postgres: 10_000_000, pglite: 1_000_000 };

type Setup = {
  deps: AppDeps;
  app: ApiApp;
  companyId: string;
  auditor: { id: string; companyId: string };
  sessionId: string;
  /** One bearer token per client (the API's rate limit is per member), signed again before each row. */
  tokens: string[];
  admin: string[];
  adminId: string;
  refresh: () => Promise<unknown>;
  seeded: SeededAuditLog;
};

const COMPANY = '監査ログ計測株式会社';

/** The seeded company: found in a kept database seeded by an earlier run, else made and seeded now. */
async function seededCompany(ctx: BenchContext, kind: DbKind, deps: AppDeps) {
  const events = ctx.size(EVENTS[kind]);
  const [found] = (
    await deps.database.raw.query<{ id: string }>(
      `select c.id from companies c join audit_chain_heads h on h.company_id = c.id
       where c.name = $1 order by c.created_at limit 1`,
      [COMPANY],
    )
  ).rows;
  if (found) {
    ctx.log(`audit log (${kind}): the kept database's events (${keptAuditDatabase()})`);
    return { company: found, seeded: await readSeededAuditLog(deps.database, found.id) };
  }
  const company = await makeCompany(deps, { name: COMPANY });
  ctx.log(`audit log (${kind}): seeding ${events.toLocaleString('en')} events`);
  return { company, seeded: await seedAuditEvents(deps.database, company.id, events, ctx.log) };
}

const setups = new Map<DbKind, Promise<Setup>>();
function setup(ctx: BenchContext, kind: DbKind): Promise<Setup> {
  let s = setups.get(kind);
  if (!s) {
    s = (async () => {
      const kept = kind === 'postgres' ? keptAuditDatabase() : undefined;
      const deps = kept
        ? await openKeptAuditDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL, kept)
        : await ctx.deps(kind);
      const { company, seeded } = await seededCompany(ctx, kind, deps);
      ctx.log(`audit log (${kind}): seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
      const auditors = [];
      for (let i = 0; i < CLIENTS; i++)
        auditors.push(await makeUser(deps, company.id, { roles: ['CompanyAuditor'] }));
      const session = await signIn(deps, auditors[0]!);
      const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
      const auditorTokens = await freshTokens(deps, auditors);
      const adminTokens = await freshTokens(deps, [admin]);
      return {
        deps,
        app: await buildApiApp(deps),
        companyId: company.id,
        auditor: auditors[0]!,
        sessionId: session.sessionId,
        tokens: auditorTokens.tokens,
        admin: adminTokens.tokens,
        adminId: admin.id,
        refresh: () => Promise.all([auditorTokens.refresh(), adminTokens.refresh()]),
        seeded,
      };
    })();
    setups.set(kind, s);
  }
  return s;
}

const day = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/** The filters of the issue, as a viewer asks them (query strings of GET /audit_events). */
function filters(s: Setup): [string, Record<string, string>][] {
  const yearBack = new Date(s.seeded.newest.getTime() - 400 * 86_400_000);
  return [
    ['first page', {}],
    [
      'period (one month, a year back)',
      { from: day(new Date(yearBack.getTime() - 30 * 86_400_000)), to: day(yearBack) },
    ],
    ['actor', { actorId: s.seeded.actorIds[7]! }],
    ['category (cabinet)', { category: 'cabinet' }],
    ['target (one member)', { targetType: 'member', targetId: 'member-4321' }],
    ['text (a member name)', { keyword: s.seeded.memberName(4321) }],
    // The auditor's searches for what bulk runs changed (issue 33): the per-row events name the member or the
    // document, and the member's drawer and the document's detail link to its own history.
    ['bulk rows: a member by name', { keyword: s.seeded.bulk.member.name }],
    ['bulk rows: a member by address', { keyword: s.seeded.bulk.member.email }],
    ['bulk rows: a document by title', { keyword: s.seeded.bulk.document.title }],
    ['bulk rows: a document by 管理番号', { keyword: s.seeded.bulk.document.localId }],
    [
      'bulk rows: このメンバーの操作履歴',
      { targetType: 'member', targetId: s.seeded.bulk.member.id },
    ],
    [
      'bulk rows: この書類の変更履歴',
      { targetType: 'document', targetId: s.seeded.bulk.document.id },
    ],
  ];
}

const FILTERS = [
  'first page',
  'period (one month, a year back)',
  'actor',
  'category (cabinet)',
  'target (one member)',
  'text (a member name)',
  'bulk rows: a member by name',
  'bulk rows: a member by address',
  'bulk rows: a document by title',
  'bulk rows: a document by 管理番号',
  'bulk rows: このメンバーの操作履歴',
  'bulk rows: この書類の変更履歴',
];

async function filterRow(ctx: BenchContext, kind: DbKind, label: string): Promise<BenchResult> {
  const s = await setup(ctx, kind);
  await s.refresh();
  const query = filters(s).find(([l]) => l === label)![1];
  const qs = new URLSearchParams(query).toString();
  const get = async (i: number) => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/audit_events${qs ? `?${qs}` : ''}`,
      headers: { authorization: `Bearer ${s.tokens[i % s.tokens.length]}` },
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
    return res.json<{ events: unknown[] }>();
  };
  const found = (await get(0)).events.length;
  const who = { user: { ...s.auditor, companyId: s.companyId } } as Parameters<
    typeof findEvents
  >[1];
  const statements = await recordStatements(s.deps, async (db) => {
    await findSessionUser(db, {
      sessionId: s.sessionId,
      userId: s.auditor.id,
      companyId: s.companyId,
    });
    await findEvents(db, who, ZFindAuditEventsQuery.parse(query));
  });
  const raw = s.deps.database.raw;
  const plans = await Promise.all(
    statements
      .filter((st) => /^\s*select/i.test(st.sql))
      .map(async (st) =>
        (await raw.query<{ 'QUERY PLAN': string }>(`explain ${st.sql}`, st.params)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n'),
      ),
  );
  const seqScan = plans.some((p) => /Seq Scan on audit_(events|row_records)/.test(p));
  const m = await measureInterleaved({
    figure: { clients: CLIENTS, requests: 500, warmup: 2, run: async (c) => void (await get(c)) },
    ceiling: {
      clients: CLIENTS,
      requests: 500,
      warmup: 2,
      run: async () => {
        for (const st of statements) await raw.query(st.sql, st.params);
      },
    },
  });
  const target = P95_TARGET[kind];
  return {
    figure: m.figure.p95,
    ceiling: m.ceiling.p95,
    unit: 'ms',
    pass: m.figure.errors === 0 && m.figure.p95 <= target && !seqScan,
    note:
      `${s.seeded.events.toLocaleString('en')} events and per-row records (${s.seeded.chained.toLocaleString('en')} chained events, ${s.seeded.bulk.events.toLocaleString('en')} per-row records of bulk runs); ${JSON.stringify(query)}; ${found} on the page; p50 ${m.figure.p50.toFixed(1)} ms; ` +
      `ceiling p50 ${m.ceiling.p50.toFixed(1)} ms (${statements.length} statements incl. the session check); ` +
      `${spreadNote(m.ratios)}; seq scan: ${seqScan ? 'yes' : 'no'}; ${m.figure.errors} errors${m.figure.firstError ? ` (${m.figure.firstError})` : ''}`,
  };
}

async function deepestRow(ctx: BenchContext, kind: DbKind): Promise<BenchResult> {
  const s = await setup(ctx, kind);
  await s.refresh();
  const page = (after?: number) => async () =>
    (
      await ctx.measure({
        clients: 1,
        requests: 20,
        run: async (_c, i) => {
          const res = await s.app.inject({
            method: 'GET',
            url: `/audit_events${after ? `?after=${after}` : ''}`,
            headers: { authorization: `Bearer ${s.tokens[i % s.tokens.length]}` },
          });
          if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
        },
      })
    ).p50;
  // The oldest page: after the 51st event, the 50 before it.
  const r = await interleave({
    figure: async () => [await page(51)()],
    ceiling: async () => [await page()()],
  });
  const deep = percentile(r.figure, 50);
  const first = percentile(r.ceiling, 50);
  return {
    figure: deep / first,
    ceiling: 1,
    unit: '×',
    pass: deep / first <= 2,
    note: `oldest page ${deep.toFixed(1)} ms vs first ${first.toFixed(1)} ms (p50, one client); ${spreadNote(r.ratios)}`,
  };
}

async function verifyRow(ctx: BenchContext, kind: DbKind): Promise<BenchResult> {
  const s = await setup(ctx, kind);
  await s.refresh();
  const raw = s.deps.database.raw;
  let result = '';
  const narrow: number[] = [];
  const r = await interleave({
    rounds: 3,
    figure: async () => {
      const t0 = performance.now();
      const v = await verifyChain(s.deps.database.db, s.companyId);
      result = v.ok ? `intact, ${v.events.toLocaleString('en')} events` : `broken: ${v.message}`;
      return [performance.now() - t0];
    },
    // A sequential read of the table: every column of every event of the company read out as text, as
    // `COPY … TO` does for a client (here into /dev/null on the database's side, so no transfer is counted).
    // The narrower read of before (three columns, nothing printed) is timed in the same rounds for the note.
    ceiling: async () => {
      const t0 = performance.now();
      for (const table of ['audit_events', 'audit_row_records'])
        await raw.exec(
          `copy (select * from ${table} where company_id = '${s.companyId}') to '/dev/null'`,
        );
      const copyMs = performance.now() - t0;
      const t1 = performance.now();
      await raw.query(
        'select count(*), max(length(e.details::text || e.hash || e.prev_hash)) from audit_events e where e.company_id = $1',
        [s.companyId],
      );
      narrow.push(performance.now() - t1);
      return [copyMs];
    },
  });
  const figure = percentile(r.figure, 50) / 1000;
  const ceiling = percentile(r.ceiling, 50) / 1000;
  return {
    figure,
    ceiling,
    unit: 's',
    pass: figure <= 2 * ceiling && result.startsWith('intact'),
    note:
      `median of 3 rounds; ${result}; ceiling = COPY of every column of the events and the per-row records to /dev/null; ` +
      `three columns read without printing: ${(percentile(narrow, 50) / 1000).toFixed(2)} s ` +
      `(×${(figure / (percentile(narrow, 50) / 1000)).toFixed(2)}); ${spreadNote(r.ratios)}`,
  };
}

/**
 * The recording overhead of member creates. Recording has no off switch in the product (an event commits with
 * its change or neither does), so "off" is the same write with the event row skipped inside the database: a
 * BEFORE INSERT trigger that returns NULL, named to run before the chain trigger, present only during the
 * "off" rounds. The API still builds and sends the event's INSERT, so this measures the event's cost in the
 * database (chain lock, hash, heap and six indexes on a table of millions), not the statement's round trip.
 */
async function withoutEvents<T>(s: Setup, fn: () => Promise<T>): Promise<T> {
  const raw = s.deps.database.raw;
  await raw.exec(`create or replace function bench_audit_skip() returns trigger language plpgsql as
    $$ begin return null; end $$`);
  await raw.exec(
    'create trigger audit_events_a_bench_skip before insert on audit_events for each row execute function bench_audit_skip()',
  );
  try {
    return await fn();
  } finally {
    await raw.exec('drop trigger audit_events_a_bench_skip on audit_events');
  }
}

async function recordingRow(ctx: BenchContext, kind: DbKind): Promise<BenchResult> {
  const s = await setup(ctx, kind);
  await s.refresh();
  const raw = s.deps.database.raw;
  let n = 0;
  const creates = (count: number) => async () => {
    const stats = await ctx.measure({
      clients: 1,
      requests: count,
      run: async () => {
        n++;
        const res = await s.app.inject({
          method: 'POST',
          url: '/users',
          headers: { authorization: `Bearer ${s.admin[0]}` },
          payload: { email: `audit-bench-${n}@bench-audit.example`, name: `計測 ${n}` },
        });
        if (res.statusCode !== 201 && res.statusCode !== 200)
          throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
      },
    });
    if (stats.errors) throw new Error(`${stats.errors} creates failed: ${stats.firstError}`);
    return [stats.mean];
  };
  const before = await raw.query<{ n: string }>('select count(*) as n from audit_events');
  const r = await interleave({
    figure: creates(40),
    ceiling: () => withoutEvents(s, creates(40)),
    stat: (xs) => percentile(xs, 50),
  });
  const after = await raw.query<{ n: string }>('select count(*) as n from audit_events');
  const recorded = Number(after.rows[0]!.n) - Number(before.rows[0]!.n);
  const on = percentile(r.figure, 50);
  const off = percentile(r.ceiling, 50);
  return {
    figure: on,
    ceiling: off,
    unit: 'ms',
    pass: on <= 1.15 * off && recorded === 200,
    note: `mean of 40 sequential POST /users per round, median of 5 rounds; ${recorded} events recorded in the "on" rounds (200 creates); ${spreadNote(r.ratios)}`,
  };
}

/** Writes nothing: the "off" side of a bulk execution's recording overhead (RowEventWriter). */
const noEvents: RowEventWriter = () => Promise.resolve();

/** The company's per-row records: how many a round recorded (row-records.ts). */
const rowRecords = async (s: Setup) =>
  Number(
    (
      await s.deps.database.raw.query<{ n: string }>(
        'select count(*) as n from audit_row_records where company_id = $1',
        [s.companyId],
      )
    ).rows[0]?.n ?? 0,
  );

/**
 * The recording overhead of a bulk execution (issue 33: ≤ 1.15× for 100,000 edits, log on ÷ off): the same
 * execution with its per-row events (the product's writer) and with a writer that writes nothing, injected
 * into the executor (`RowEventWriter`; the product has no switch). "Off" still builds the events' objects in
 * Node; it skips their INSERT and everything it costs in the database (the chain trigger's lock and hash, the
 * heap and six indexes of a table of millions). 3 rounds each way, alternating, on the seeded company.
 */
async function bulkOverhead(
  s: Setup,
  n: number,
  execute: (write: RowEventWriter | undefined, round: number) => Promise<number>,
): Promise<BenchResult> {
  let round = 0;
  const recorded = { on: [] as number[], off: [] as number[] };
  const times = { on: [] as number[], off: [] as number[] };
  // "On" is the product's writer, timed: how much of the execution writing the events took. The executors run it
  // alongside the batch's own write (alongsideWrite), so its time includes waiting for that write to finish.
  let writing = 0;
  const timedWriter: RowEventWriter = async (tx, events) => {
    const t = performance.now();
    await writeRowEvents(tx, events);
    writing += performance.now() - t;
  };
  const timed = async (side: 'on' | 'off') => {
    const before = await rowRecords(s);
    const ms = await execute(side === 'on' ? timedWriter : noEvents, ++round);
    recorded[side].push((await rowRecords(s)) - before);
    times[side].push(ms);
    return [ms];
  };
  const r = await interleave({
    rounds: 3,
    figure: () => timed('on'),
    ceiling: () => timed('off'),
  });
  const on = percentile(r.figure, 50) / 1000;
  const off = percentile(r.ceiling, 50) / 1000;
  const complete = recorded.on.every((k) => k === n) && recorded.off.every((k) => k === 0);
  return {
    figure: on,
    ceiling: off,
    unit: 's',
    pass: on <= 1.15 * off && complete,
    note:
      `${n.toLocaleString('en')} rows per execution on a company of ${s.seeded.events.toLocaleString('en')} events, median of 3 rounds; ` +
      `per-row records per round: on ${recorded.on.join(' / ')}, off ${recorded.off.join(' / ')}; ` +
      `the writer's calls (a batch's event and rows, alongside the batch's write): ${(writing / 3 / 1000).toFixed(2)} s per "on" round (mean); rounds in order: on ${times.on.map((x) => (x / 1000).toFixed(2)).join(' / ')} s, off ${times.off.map((x) => (x / 1000).toFixed(2)).join(' / ')} s; ${spreadNote(r.ratios)}`,
  };
}

/** 100,000 × --scale member edits (CSV 一括編集: every member renamed), one member.updated event per row. */
async function bulkMemberRecordingRow(ctx: BenchContext, kind: DbKind): Promise<BenchResult> {
  const s = await setup(ctx, kind);
  const n = ctx.size(100_000);
  const ids = await insertEditableMembers(s.deps, s.companyId, n);
  const who = { companyId: s.companyId, adminId: s.adminId };
  return bulkOverhead(s, n, (write, round) =>
    executeMemberEdits(s.deps, who, ids, `編集${round}`, write),
  );
}

/** 100,000 × --scale documents' 取引金額 changed by the attribute CSV, one document.attributesChanged per row. */
async function bulkDocumentRecordingRow(ctx: BenchContext, kind: DbKind): Promise<BenchResult> {
  const s = await setup(ctx, kind);
  const n = ctx.size(100_000);
  const ids = await insertEditableDocuments(s.deps, s.companyId, n);
  const who = { companyId: s.companyId, adminId: s.adminId };
  return bulkOverhead(s, n, (write, round) =>
    executeAttributeEdits(s.deps, who, ids, (i) => round * 10_000_000 + i, write),
  );
}

const label = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;
export const benchmarks: Benchmark[] = (['postgres', 'pglite'] as const).flatMap((kind) => [
  ...FILTERS.map((f) => ({
    name: `audit log (${kind}): ${f}, p95 at ${CLIENTS} clients`,
    target: `p95 ≤ ${P95_TARGET[kind]} ms (${label[kind]}), no seq scan`,
    run: (ctx: BenchContext) => filterRow(ctx, kind, f),
  })),
  {
    name: `audit log (${kind}): deepest page ÷ first`,
    target: '≤ 2×',
    run: (ctx: BenchContext) => deepestRow(ctx, kind),
  },
  {
    name: `audit log (${kind}): audit:verify of every event vs a sequential read (COPY)`,
    target: '≤ 2× ceiling',
    run: (ctx: BenchContext) => verifyRow(ctx, kind),
  },
  {
    name: `audit log (${kind}): member create with the event vs without`,
    target: '≤ 1.15× ceiling',
    run: (ctx: BenchContext) => recordingRow(ctx, kind),
  },
  {
    name: `audit log (${kind}): bulk execution of 100,000 member edits, per-row events on vs off`,
    target: '≤ 1.15× ceiling',
    run: (ctx: BenchContext) => bulkMemberRecordingRow(ctx, kind),
  },
  {
    name: `audit log (${kind}): bulk execution of 100,000 document attribute edits, per-row events on vs off`,
    target: '≤ 1.15× ceiling',
    run: (ctx: BenchContext) => bulkDocumentRecordingRow(ctx, kind),
  },
]);
