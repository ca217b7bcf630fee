/**
 * The process the crash script kills: `crash-child.ts <kind> <id>` with DATA_DIR and, on
 * PostgreSQL, DATABASE_URL. It starts as the product does (createDeps reclaims a dead process's jobs and
 * staged files), prints `working`, then `{status, processed}` lines (crash-harness.ts protocol,
 * status ≥ 6 = done) until its work is done, and exits 0.
 * - member-execute / member-export: a bulk manipulation id; the worker runs it.
 * - backfill: a classification backfill id; the worker runs it (status 6 once succeeded or failed).
 * - import: JSON {companyId, cabinetId, userId, files}; a document import streamed slowly through the API.
 * - recover: starts, reclaims, stops (the restart after a killed import).
 * - audited-writes: JSON AuditedWritesJob; members and cabinets created and renamed, bulk runs executed
 *   through the API (resumed where a killed session stopped), progress = requests answered.
 * - audited-settle: the same JSON; the restart after it, which waits for the executed runs to finish.
 */
import { Readable } from 'node:stream';
import pino from 'pino';
import { parseEnv } from '../../src/config/env.ts';
import { closeDeps, createDeps } from '../../src/bootstrap.ts';
import { buildApiApp } from '../../src/api-app.ts';
import { signIn } from '../support/fixtures.ts';
import { importBody } from './crash-pdf.ts';
import { pendingJobs } from './crash-invariants.ts';
import { runAuditedWrites, unfinishedRuns, type AuditedWritesJob } from './crash-audited-writes.ts';

const [kind, arg] = process.argv.slice(2) as [string, string];
const env = parseEnv({ ...process.env, NODE_ENV: 'test', SEED: 'off', LOG_LEVEL: 'silent' });
const deps = await createDeps(env, {
  logger: pino({ level: 'silent' }),
  mailer: { outboxDir: null, send: async () => {} },
  pollingIntervalSeconds: 0.5,
});
const say = (status: number, processed: number) =>
  process.stdout.write(`${JSON.stringify({ status, processed })}\n`);

async function progress(): Promise<{ status: number; processed: number }> {
  if (kind === 'audited-settle') {
    const left = await unfinishedRuns(deps, (JSON.parse(arg) as AuditedWritesJob).companyId);
    return { status: left === 0 ? 6 : 0, processed: 0 };
  }
  if (kind === 'backfill') {
    const { rows } = await deps.database.raw.query<{ state: string; processed: number }>(
      'select state, processed from cabinet_backfills where id = $1',
      [arg],
    );
    const r = rows[0];
    return {
      status: r && (r.state === 'succeeded' || r.state === 'failed') ? 6 : 0,
      processed: r?.processed ?? 0,
    };
  }
  const { rows } = await deps.database.raw.query<{ status: number; processed_rows: number }>(
    'select status, processed_rows from bulk_manipulations where id = $1',
    [arg],
  );
  return { status: rows[0]?.status ?? 0, processed: rows[0]?.processed_rows ?? 0 };
}

if (kind === 'recover') {
  process.stdout.write('working\n');
  say(6, 0);
  await closeDeps(deps);
  process.exit(0);
}

if (kind === 'import') {
  const job = JSON.parse(arg) as {
    companyId: string;
    cabinetId: string;
    userId: string;
    files: number;
  };
  const app = await buildApiApp(deps);
  const { headers } = await signIn(deps, { id: job.userId, companyId: job.companyId });
  const body = importBody(job.cabinetId, job.files);
  let sent = 0;
  // Streamed in small slices with pauses, so a kill lands while files are staged, committed or promoted.
  const stream = Readable.from(
    (async function* slices() {
      for (let at = 0; at < body.payload.length; at += 64 * 1024) {
        await new Promise((r) => setTimeout(r, 15));
        sent = at;
        yield body.payload.subarray(at, at + 64 * 1024);
      }
    })(),
  );
  process.stdout.write('working\n');
  const timer = setInterval(() => say(0, sent), 50);
  const res = await app.inject({
    method: 'POST',
    url: '/documents/import',
    headers: { ...headers, ...body.headers },
    payload: stream,
  });
  clearInterval(timer);
  if (res.statusCode !== 200) {
    console.error(`import answered ${res.statusCode}: ${res.body}`);
    process.exit(2);
  }
  say(6, body.payload.length);
  process.exit(0);
}

await deps.jobs.startWorking();

if (kind === 'audited-writes') {
  const job = JSON.parse(arg) as AuditedWritesJob;
  const app = await buildApiApp(deps);
  const { headers } = await signIn(deps, { id: job.userId, companyId: job.companyId });
  process.stdout.write('working\n');
  await runAuditedWrites(deps, app, headers, job, (done) => say(0, done)).catch((err: unknown) => {
    console.error(err);
    process.exit(2);
  });
  say(6, Number.MAX_SAFE_INTEGER);
  process.exit(0);
}

process.stdout.write('working\n');
for (;;) {
  const p = await progress();
  say(p.status, p.processed);
  // Done when the work is final and its job is too: a kill after the work's last commit but before the
  // job's completion leaves a job that the restart gives back and this worker must still finish.
  if (p.status >= 6 && (await pendingJobs(deps)).length === 0) break;
  await new Promise((r) => setTimeout(r, 50));
}
// Exit at once, as the bulk fixture does: follow-up jobs (invitation mail) are not part of the check.
process.exit(0);
