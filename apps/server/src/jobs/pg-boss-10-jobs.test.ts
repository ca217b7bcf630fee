/**
 * A database that ran pg-boss 10 starts on the pinned pg-boss with its jobs (pg-boss-10-jobs.ts): pg-boss 10's
 * schema is set aside before pg-boss starts, and once the worker starts, the jobs still to run reach their
 * handlers (an active one as a retry), while the ended ones go with the old schema.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { z } from 'zod';
import { createTestDatabase } from '../../test/support/test-deps.ts';
import type { Database } from '../db/client.ts';
import { createJobs, type Jobs } from './jobs.ts';
import { jobKind } from './job-kind.ts';
import { checkPgBoss } from './pg-boss-internals.ts';

const kind = jobKind('test.pg-boss-10', z.object({ step: z.string() }));
let database: Database;
let drop: () => Promise<void>;
let jobs: Jobs | undefined;

/** pg-boss 10's version table and the job columns the move reads, with one job in each kind of state. */
const PG_BOSS_10 = `
create schema pgboss;
create table pgboss.version (version int primary key, maintained_on timestamptz, cron_on timestamptz);
insert into pgboss.version (version) values (24);
create type pgboss.job_state as enum ('created', 'retry', 'active', 'completed', 'cancelled', 'failed');
create table pgboss.job (
  id uuid not null default gen_random_uuid(), name text not null, priority integer not null default 0,
  data jsonb, state pgboss.job_state not null default 'created', retry_limit integer not null default 2,
  retry_count integer not null default 0, retry_delay integer not null default 0,
  retry_backoff boolean not null default false, start_after timestamptz not null default now(),
  started_on timestamptz, singleton_key text, singleton_on timestamp,
  expire_in interval not null default interval '15 minutes', created_on timestamptz not null default now(),
  completed_on timestamptz, keep_until timestamptz not null default now() + interval '14 days', output jsonb,
  dead_letter text, policy text);
insert into pgboss.job (name, data, state) values
  ('${kind.name}', '{"step":"queued"}', 'created'),
  ('${kind.name}', '{"step":"was running"}', 'active'),
  ('${kind.name}', '{"step":"done"}', 'completed'),
  ('a.queue.gone', '{"step":"orphan"}', 'created');
`;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase({ migrated: true }));
  await database.raw.exec(PG_BOSS_10);
});
afterAll(async () => {
  await jobs?.stop();
  await database.close();
  await drop();
});

it("starts on pg-boss 10's schema and runs the jobs it had still to run, once each", async () => {
  const logger = pino({ level: 'silent' });
  jobs = await createJobs(database, logger, { pollingIntervalSeconds: 0.5 });
  await expect(checkPgBoss(database)).resolves.toBeUndefined();

  const seen: string[] = [];
  await jobs.register(kind, async (data) => void seen.push(data.step));
  await jobs.startWorking();
  for (let i = 0; i < 200 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
  expect(seen.sort()).toEqual(['queued', 'was running']);

  const left = await database.raw.query(`select to_regnamespace('pgboss_v10') as schema`);
  expect(left.rows[0]).toEqual({ schema: null });
  // A second start finds nothing to move.
  await jobs.stop();
  jobs = await createJobs(database, logger, { pollingIntervalSeconds: 0.5 });
  await jobs.register(kind, async (data) => void seen.push(data.step));
  await jobs.startWorking();
  await new Promise((r) => setTimeout(r, 1500));
  expect(seen).toHaveLength(2);
});
