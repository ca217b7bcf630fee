/**
 * Audit log export: 1,000,000 events of one company written to a Shift_JIS CSV by the export job (keyset pages
 * through the CSV writer into storage). Ceiling: `COPY (the same rows, newest first) TO STDOUT` plus the
 * same encoding, alternating with the export in 3 rounds. Pass: ≤ 5× the ceiling and RSS growth ≤ 200 MiB.
 */
import { Transform, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import iconv from 'iconv-lite';
import { BulkKind, BulkStatus } from '@cloudsign/contract';
import { insertManipulation } from '../apps/server/src/bulk/bulk.repository.ts';
import { runAuditExport } from '../apps/server/src/modules/audit-log/audit-export.ts';
import { makeCompany } from '../apps/server/test/support/fixtures.ts';
import { seedAuditEvents } from './lib/audit-events-seed.ts';
import { interleave, percentile, spreadNote } from './lib/measure.ts';
import { mib } from './lib/rss.ts';
import type { BenchContext, BenchResult, Benchmark } from './lib/types.ts';

const seconds = (ms: number) => Math.round(ms / 10) / 100;

async function exportBench(ctx: BenchContext): Promise<BenchResult> {
  const deps = await ctx.deps('postgres');
  const n = ctx.size(1_000_000);
  const company = await makeCompany(deps, { name: '株式会社監査書き出し' });
  // Set-based with the chain the trigger writes (bench/lib/audit-events-seed.ts): through the trigger row by
  // row, one statement's million updates of the company's head row take hours.
  ctx.log(`audit export: seeding ${n.toLocaleString('en')} events`);
  await seedAuditEvents(deps.database, company.id, n, ctx.log);

  // COPY of the same rows, newest first, as CSV, through the same encoding: the fastest this file can be made.
  const copyRound = async () => {
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    const t = performance.now();
    const text = new StringDecoder('utf8');
    await pipeline(
      client.query(
        copyTo(
          `copy (select occurred_at, seq, actor_name, actor_email, actor_id, ip, user_agent, request_id, category, action, target_type, target_id, target_name, details from audit_events where company_id = '${company.id}' order by occurred_at desc, seq desc) to stdout with (format csv)`,
        ),
      ),
      new Transform({
        transform: (chunk: Buffer, _e, cb) => cb(null, iconv.encode(text.write(chunk), 'cp932')),
      }),
      new Writable({ write: (_c, _e, cb) => cb() }),
    );
    const ms = performance.now() - t;
    await client.end();
    return [ms];
  };

  // The export job as the worker runs it, into storage; RSS sampled against the round's start.
  const growths: number[] = [];
  const exported: number[] = [];
  const exportRound = async () => {
    const m = await insertManipulation(deps.database.db, {
      companyId: company.id,
      target: 'audit_log',
      kind: BulkKind.Export,
      status: BulkStatus.Processing,
      encoding: 'sjis',
      params: { filters: {} },
    });
    global.gc?.();
    const base = process.memoryUsage.rss();
    const rss = ctx.sampleRss({ intervalMs: 50 });
    const t = performance.now();
    await runAuditExport(deps, m.id);
    const ms = performance.now() - t;
    growths.push(rss.stop().peakBytes - base);
    const { rows } = await deps.database.raw.query<{ processed_rows: number }>(
      'select processed_rows from bulk_manipulations where id = $1',
      [m.id],
    );
    exported.push(rows[0]?.processed_rows ?? 0);
    return [ms];
  };

  const r = await interleave({ rounds: 3, figure: exportRound, ceiling: copyRound });
  const ms = percentile(r.figure, 50);
  const copyMs = percentile(r.ceiling, 50);
  const growth = Math.max(...growths);
  return {
    figure: seconds(ms),
    ceiling: seconds(copyMs),
    unit: 's',
    pass: ms <= 5 * copyMs && growth <= 200 * 1024 * 1024 && exported.every((x) => x === n),
    note:
      `${n.toLocaleString('ja-JP')}件（Shift_JIS）、median of 3 rounds, export and COPY alternating; ` +
      `RSS の増加 最大 ${mib(growth)} MiB; ceiling = COPY TO + cp932; ${spreadNote(r.ratios)}`,
  };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'audit log export: 1,000,000 events to CSV (PostgreSQL)',
    target: '≤ 5× COPY TO + encoding, RSS +≤200 MiB',
    run: exportBench,
  },
];
