/**
 * Scale-out script: `npm run scale-out-test`. Two api processes and two workers on one PostgreSQL and one data
 * folder, as README "Deployment" describes, all started at once on an empty database (a first start). A bulk execution, an export and a classification backfill are
 * started through both APIs; one worker is killed with SIGKILL while they run; the other must finish them all,
 * each row applied exactly once (the crash script's checks). Then, with both APIs warm, a change made through
 * one is read at once through the other: the member list, the documents page cache, the signed-in user's
 * roles and what they may see. Exits 1 on the first failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { parseEnv } from '../../src/config/env.ts';
import { closeDeps, createDeps } from '../../src/bootstrap.ts';
import type { AppDeps } from '../../src/deps.ts';
import { verify, type Prepared } from '../crash/crash-scenarios.ts';
import { checkInvariants } from '../crash/crash-invariants.ts';
import { startRole, stopRole, type RoleProcess } from './role-process.ts';
import { startWork, waitUntilDone } from './scale-out-work.ts';
import { checkFreshReads } from './fresh-reads.ts';

const ADMIN_URL = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE_PORT = Number(process.env.SCALE_OUT_PORT ?? 3741);
const DONE_WITHIN_MS = 180_000;

async function main() {
  const name = `scaleout_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const shared = {
    databaseUrl: url.toString(),
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'scale-out-')),
  };
  const processes: RoleProcess[] = [];
  let deps: AppDeps | undefined;
  try {
    // A scale-out's first start: every process at once on the empty database (each migrates and creates the
    // job queues; they once failed on drizzle's schema or deadlocked creating pg-boss's queues).
    const roles = [
      startRole('api 1', 'api', shared, BASE_PORT),
      startRole('api 2', 'api', shared, BASE_PORT + 2),
      startRole('worker 1', 'worker', shared, BASE_PORT + 4),
      startRole('worker 2', 'worker', shared, BASE_PORT + 6),
    ];
    // Every start settles before a failure is reported, so none is left running.
    const settled = await Promise.allSettled(roles);
    for (const r of settled) if (r.status === 'fulfilled') processes.push(r.value);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [api1, api2, worker1] = processes as [RoleProcess, RoleProcess, RoleProcess];
    console.log('two api processes and two workers started at once on an empty database');

    // This process sets up companies; it runs no role.
    deps = await createDeps(
      parseEnv({
        NODE_ENV: 'test',
        SEED: 'off',
        LOG_LEVEL: 'silent',
        DATA_DIR: shared.dataDir,
        DATABASE_URL: shared.databaseUrl,
        // The harness's own setup (200,000 documents in one INSERT) is no API request: no API time limit.
        DB_STATEMENT_TIMEOUT_MS: '999999',
      }),
      { logger: pino({ level: 'silent' }), mailer: { outboxDir: null, send: async () => {} } },
    );

    const began = Date.now();
    const work: Prepared[] = await startWork(deps, api1.apiUrl!, api2.apiUrl!);
    // Kill one worker while the work runs, at once: its jobs must be taken over, not lost nor done twice.
    const states = await waitUntilDone(deps, work, 0);
    // A kill after everything finished would prove nothing.
    if (states === 'none') throw new Error('the work finished before the worker could be killed');
    await stopRole(worker1, 'SIGKILL');
    console.log(`worker 1 killed with SIGKILL at ${Date.now() - began} ms; unfinished: ${states}`);

    await waitUntilDone(deps, work, DONE_WITHIN_MS);
    for (const p of work) console.log(`${p.kind}: ${await verify(deps, p)}`);
    await checkInvariants(deps, shared.dataDir);
    console.log(`all work finished once each in ${Date.now() - began} ms with one worker killed`);

    for (const line of await checkFreshReads(deps, api1.apiUrl!, api2.apiUrl!)) console.log(line);
    console.log('scale-out test passed');
  } finally {
    for (const p of processes) await stopRole(p);
    if (deps) await closeDeps(deps);
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    rmSync(shared.dataDir, { recursive: true, force: true });
  }
}

await main().catch((err: unknown) => {
  console.error('scale-out test failed:', err);
  process.exit(1);
});
