/**
 * まとめてダウンロード at scale (issue 35): the job that writes every PDF of a search and `manifest.csv` into one
 * ZIP, over 20,000 documents of one company on PostgreSQL, twice: with small PDFs like the demo's (24 KiB) and
 * with a realistic contract's size (240 KiB, 2,000 documents: the same bytes on disk as 20,000 at 24 KiB is
 * ten times less, so the row stays within a bench run's time here). Random bytes: PDFs hardly compress.
 *
 * Ceiling: Info-ZIP's `zip -0` (stored, as the job stores PDFs) over the same files in the same run, the
 * fastest a ZIP of them is written on this machine; the two alternate over 3 rounds. Pass: the job's
 * throughput ≥ 50% of zip's (time ≤ 2×) and the process's RSS growth ≤ 200 MiB, every document in the ZIP once.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BulkKind, BulkStatus, ZDocumentDownloadRequest } from '@cloudsign/contract';
import { insertManipulation } from '../apps/server/src/bulk/bulk.repository.ts';
import { runDocumentDownload } from '../apps/server/src/modules/document-download/document-download.zip.ts';
import type { DownloadParams } from '../apps/server/src/modules/document-download/document-download.zip.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { interleave, percentile, spreadNote } from './lib/measure.ts';
import { mib } from './lib/rss.ts';
import type { BenchContext, BenchResult, Benchmark } from './lib/types.ts';

const seconds = (ms: number) => Math.round(ms / 10) / 100;
const ROUNDS = 3;

/** Runs `zip -0 -q` reading the file names from stdin, in `cwd`; resolves with its time in ms. */
function zipStored(cwd: string, out: string, names: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn('zip', ['-0', '-q', '-@', out], {
      cwd,
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - t) : reject(new Error(`zip exited with ${code}`)),
    );
    child.stdin.end(names.join('\n'));
  });
}

/** Gives each of the company's documents one PDF of `bytes` (±10%) in storage; answers the files' keys. */
async function attachFiles(deps: AppDeps, companyId: string, bytes: number, ctx: BenchContext) {
  const { rows } = await deps.database.raw.query<{ id: string }>(
    'select id from documents where company_id = $1 order by id',
    [companyId],
  );
  const keys: string[] = [];
  const storageRoot = path.join(deps.env.DATA_DIR, 'files');
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    const values: unknown[] = [];
    const tuples: string[] = [];
    await Promise.all(
      batch.map(async (d, j) => {
        const key = `bench-download/${d.id}.pdf`;
        const size = Math.round(bytes * (0.9 + ((i + j) % 21) / 100));
        await deps.storage.write(key, randomBytes(size));
        keys.push(key);
        values.push(d.id, `契約書_${i + j}.pdf`, size, key);
        const k = values.length;
        tuples.push(`($${k - 3}::uuid, $${k - 2}, $${k - 1}, $${k})`);
      }),
    );
    await deps.database.raw.query(
      `insert into document_files (document_id, name, size, storage_key) values ${tuples.join(',')}`,
      values,
    );
    if (i % 5000 === 0) ctx.log(`document download: ${i + batch.length} files stored`);
  }
  return { keys, storageRoot };
}

async function downloadBench(ctx: BenchContext, docs: number, bytes: number): Promise<BenchResult> {
  const deps = await ctx.deps('postgres');
  const n = ctx.size(docs);
  const seeded = await ctx.largeCompany({ members: 10, documents: n, kind: 'postgres' });
  ctx.log(`document download: storing ${n.toLocaleString('en')} files of ~${bytes / 1024} KiB`);
  const { keys, storageRoot } = await attachFiles(deps, seeded.companyId, bytes, ctx);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-zip-'));
  const request = ZDocumentDownloadRequest.parse({});
  const growths: number[] = [];
  const counts: number[] = [];
  try {
    const r = await interleave({
      rounds: ROUNDS,
      figure: async () => {
        const params: DownloadParams = {
          conditions: request.conditions,
          nameRule: request.nameRule,
          userId: seeded.adminId,
        };
        const m = await insertManipulation(deps.database.db, {
          companyId: seeded.companyId,
          target: 'document_download',
          kind: BulkKind.Export,
          status: BulkStatus.Processing,
          encoding: 'sjis',
          params,
          createdBy: seeded.adminId,
        });
        global.gc?.();
        const base = process.memoryUsage.rss();
        const rss = ctx.sampleRss({ intervalMs: 50 });
        const t = performance.now();
        await runDocumentDownload(deps, m.id);
        const ms = performance.now() - t;
        growths.push(rss.stop().peakBytes - base);
        const { rows } = await deps.database.raw.query<{ exported: number | null }>(
          "select (counts->>'exported')::int as exported from bulk_manipulations where id = $1",
          [m.id],
        );
        counts.push(rows[0]?.exported ?? 0);
        await deps.storage.remove(`document-download/${m.id}.zip`);
        return [ms];
      },
      ceiling: async () => {
        const out = path.join(scratch, `zip-${Date.now()}.zip`);
        const ms = await zipStored(storageRoot, out, keys);
        await rm(out, { force: true });
        return [ms];
      },
    });
    const ms = percentile(r.figure, 50);
    const zipMs = percentile(r.ceiling, 50);
    const growth = Math.max(...growths);
    const mbPerS = (n * bytes) / 1024 / 1024 / (ms / 1000);
    return {
      figure: seconds(ms),
      ceiling: seconds(zipMs),
      unit: 's',
      pass: ms <= 2 * zipMs && growth <= 200 * 1024 * 1024 && counts.every((c) => c === n),
      note:
        `${n.toLocaleString('ja-JP')}件 × 約${bytes / 1024} KiB、median of ${ROUNDS} rounds, job and zip -0 alternating; ` +
        `about ${mbPerS.toFixed(0)} MiB/s; RSS の増加 最大 ${mib(growth)} MiB; every ZIP held ${counts.join(' / ')} documents; ` +
        `ceiling = zip -0 over the same files; ${spreadNote(r.ratios)}`,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export const benchmarks: Benchmark[] = [
  {
    name: 'document download: 20,000 PDFs of ~24 KiB into one ZIP (PostgreSQL)',
    target: '≥ 50% of zip -0 throughput, RSS +≤200 MiB',
    run: (ctx) => downloadBench(ctx, 20_000, 24 * 1024),
  },
  {
    name: 'document download: 2,000 PDFs of ~240 KiB into one ZIP (PostgreSQL)',
    target: '≥ 50% of zip -0 throughput, RSS +≤200 MiB',
    run: (ctx) => downloadBench(ctx, 2_000, 240 * 1024),
  },
];
