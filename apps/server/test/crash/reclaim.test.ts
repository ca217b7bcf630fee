/**
 * A dead process's work comes back at once (fault found by the crash script: a killed worker's
 * job waited for pg-boss's 15-minute expiry). PostgreSQL: jobs are tagged with the fetching instance by
 * trigger, and only the jobs of instances without a live lock are given back. PGlite on disk: the process
 * that opens the folder is the only one, so every active job found at start is given back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { z } from 'zod';
import { afterAll, expect, it } from 'vitest';
import { createTestDeps, isPostgresRun, type TestDeps } from '../support/test-deps.ts';
import { parseEnv } from '../../src/config/env.ts';
import { closeDeps, createDeps } from '../../src/bootstrap.ts';
import { openInstance } from '../../src/lib/instance.ts';
import { reclaimDeadWork } from '../../src/jobs/reclaim-dead-work.ts';
import { jobKind } from '../../src/jobs/job-kind.ts';

const QUEUE = jobKind('crash-test.probe', z.object({ n: z.number() }));
const silent = pino({ level: 'silent' });
let deps: TestDeps | null = null;
afterAll(async () => deps?.cleanup());

const stateOf = async (d: { database: TestDeps['database'] }, id: string) =>
  (
    await d.database.raw.query<{ state: string }>('select state from pgboss.job where id = $1', [
      id,
    ])
  ).rows[0]?.state;

it.skipIf(!isPostgresRun())(
  'PostgreSQL: the job of a dead instance is given back, the job of a live one is not',
  async () => {
    deps = await createTestDeps();
    const d = deps;
    await d.jobs.register(QUEUE, async () => {});
    const dead = (await d.jobs.send(QUEUE, { n: 1 }))!;
    const alive = (await d.jobs.send(QUEUE, { n: 2 }))!;
    const other = await openInstance({
      key: 777_001,
      databaseUrl: d.env.DATABASE_URL,
      isExclusive: false,
      logger: silent,
    });
    // Fetch each job as pg-boss does (state → active) from a connection named like an instance's pool.
    const fetchAs = async (key: number, id: string) => {
      const c = new pg.Client({
        connectionString: d.env.DATABASE_URL,
        application_name: `cloudsign-${key}`,
      });
      await c.connect();
      await c.query(
        `update pgboss.job set state = 'active', started_on = now() where name = $1 and id = $2`,
        [QUEUE.name, id],
      );
      await c.end();
    };
    await fetchAs(555_001, dead);
    await fetchAs(777_001, alive);
    const tags = await d.database.raw.query<{ id: string; owner: string }>(
      `select id, output->>'owner' as owner from pgboss.job where name = $1`,
      [QUEUE.name],
    );
    expect(Object.fromEntries(tags.rows.map((r) => [r.id, r.owner]))).toEqual({
      [dead]: '555001',
      [alive]: '777001',
    });

    const reclaimed = await reclaimDeadWork(d.database, d.instance, d.env.DATA_DIR, silent, false);
    expect(reclaimed.jobs).toBe(1);
    expect(await stateOf(d, dead)).toBe('retry');
    expect(await stateOf(d, alive)).toBe('active');

    // The live instance dies: its job comes back on the next pass.
    await other.close();
    expect(
      (await reclaimDeadWork(d.database, d.instance, d.env.DATA_DIR, silent, false)).jobs,
    ).toBe(1);
    expect(await stateOf(d, alive)).toBe('retry');
  },
);

it.skipIf(isPostgresRun())(
  'PGlite on disk: a job left active by a killed process runs again as soon as the next process starts',
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crash-reclaim-'));
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'silent' });
    const open = () =>
      createDeps(env, {
        logger: silent,
        mailer: { outboxDir: null, send: async () => {} },
        pollingIntervalSeconds: 0.5,
      });
    try {
      const first = await open();
      await first.jobs.register(QUEUE, async () => {});
      const id = (await first.jobs.send(QUEUE, { n: 1 }))!;
      // What a kill -9 leaves: the job active, its process gone.
      await first.database.raw.query(
        `update pgboss.job set state = 'active', started_on = now() where name = $1 and id = $2`,
        [QUEUE.name, id],
      );
      await closeDeps(first);

      const second = await open();
      const ran: string[] = [];
      await second.jobs.register(QUEUE, async (_data, ctx) => void ran.push(ctx.jobId));
      expect(await stateOf(second, id)).toBe('retry');
      await second.jobs.startWorking();
      const started = Date.now();
      while (ran.length === 0 && Date.now() - started < 20_000)
        await new Promise((r) => setTimeout(r, 100));
      expect(ran).toEqual([id]);
      // A job this process is running now is not taken back by the periodic pass (it has no owner tag on
      // PGlite, so only the pass at start may treat untagged jobs as dead).
      const own = (await second.jobs.send(QUEUE, { n: 2 }))!;
      await second.database.raw.query(
        `update pgboss.job set state = 'active', started_on = now() where name = $1 and id = $2`,
        [QUEUE.name, own],
      );
      expect(
        (await reclaimDeadWork(second.database, second.instance, dataDir, silent, false)).jobs,
      ).toBe(0);
      expect(await stateOf(second, own)).toBe('active');
      await closeDeps(second);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
