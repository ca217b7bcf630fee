/**
 * SIGTERM of a worker: the process stops fetching, finishes the running job (or, past the
 * grace period, gives it back to the queue), and exits 0; nothing is left active, and every row is applied
 * once when the run goes on elsewhere. Runs the real entry point, main.ts --role=worker, on PGlite on disk.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { BulkStatus } from '@cloudsign/contract';
import { parseEnv } from '../../src/config/env.ts';
import { closeDeps, createDeps } from '../../src/bootstrap.ts';
import { isPostgresRun } from '../support/test-deps.ts';
import { prepare, verify } from './crash-scenarios.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crash-sigterm-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'silent' });
const open = () =>
  createDeps(env, {
    logger: pino({ level: 'silent' }),
    mailer: { outboxDir: null, send: async () => {} },
    pollingIntervalSeconds: 0.5,
  });
const ROWS = 1200;

it.skipIf(isPostgresRun())(
  'SIGTERM: the worker finishes or releases its running job and exits 0',
  { timeout: 240_000 },
  async () => {
    let deps = await open();
    const run = await prepare(deps, 'member-execute', 0, {
      executeRows: ROWS,
      exportMembers: 0,
      importFiles: 0,
      backfillDocuments: 0,
      auditedIterations: 0,
      downloadDocuments: 0,
    });
    await closeDeps(deps);

    const main = path.resolve(import.meta.dirname, '../../src/main.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', main, '--role=worker'], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const jobStarted = new Promise<void>((resolve) =>
      createInterface({ input: child.stdout }).on('line', (l) => {
        lines.push(l);
        if (l.includes('job started') && l.includes('member-bulk.execute')) resolve();
      }),
    );
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    await jobStarted;
    const termAt = Date.now();
    child.kill('SIGTERM');
    const code = await exited;
    const stopMs = Date.now() - termAt;

    expect(code).toBe(0);
    expect(lines.some((l) => l.includes('stopping: finishing running jobs'))).toBe(true);
    // Within pg-boss's 30 s grace plus closing, not killed from outside.
    expect(stopMs).toBeLessThan(45_000);

    deps = await open();
    const jobs = await deps.database.raw.query<{ state: string }>(
      `select state from pgboss.job where name = 'member-bulk.execute'`,
    );
    expect(jobs.rows.map((j) => j.state).filter((s) => s === 'active')).toEqual([]);
    // Whatever was left goes on in the next worker, each row once.
    await deps.jobs.startWorking();
    const started = Date.now();
    for (;;) {
      const { rows } = await deps.database.raw.query<{ status: number }>(
        'select status from bulk_manipulations where id = $1',
        [run.arg],
      );
      if (rows[0]!.status >= BulkStatus.Succeeded || Date.now() - started > 120_000) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await expect(verify(deps, run)).resolves.toContain(`${ROWS} members added once each`);
    await closeDeps(deps);
    console.info(
      `graceful shutdown: worker exited ${code} ${stopMs} ms after SIGTERM; job states ${jobs.rows.map((j) => j.state).join(', ')}`,
    );
  },
);
