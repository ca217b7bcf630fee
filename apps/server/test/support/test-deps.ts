/**
 * A fresh database per test file (STYLE.md "Tests"): in-memory PGlite, or — in the PostgreSQL run
 * (TEST_DB_KIND=postgres) — a new database on TEST_DATABASE_URL's server, dropped afterwards. Both start from the
 * run's migrated template (test-databases.ts), so a file pays neither initdb nor the migrations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { parseEnv } from '../../src/config/env.ts';
import { loggerOptions } from '../../src/lib/http/log-redaction.ts';
import { openDatabase, openPgliteAt, type Database } from '../../src/db/client.ts';
import { createDeps, closeDeps } from '../../src/bootstrap.ts';
import type { AppDeps } from '../../src/deps.ts';
import type { Mail, Mailer } from '../../src/lib/mailer.ts';
import { pgliteTemplate, postgresTemplateName } from './test-databases.ts';

export type TestDeps = AppDeps & { sentMails: Mail[]; cleanup: () => Promise<void> };

export const isPostgresRun = () => process.env.TEST_DB_KIND === 'postgres';

const UNDEFINED_DATABASE = '3D000';

/**
 * A fresh database of its own: in-memory PGlite, or a new one on TEST_DATABASE_URL's server. Empty (not migrated)
 * unless `migrated`, which copies the run's migrated template (test-databases.ts) when there is a current one.
 */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<{
  database: Database;
  url?: string;
  drop: () => Promise<void>;
}> {
  if (!isPostgresRun()) {
    const template = opts.migrated ? pgliteTemplate() : undefined;
    const database = template
      ? (await openPgliteAt(undefined, undefined, template)).database
      : await openDatabase({});
    return { database, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL run');
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const from = opts.migrated ? ` template ${postgresTemplateName()}` : '';
  try {
    await admin.query(`create database ${name}${from}`);
  } catch (err) {
    // No template on this server (a file run without the run's global setup): an empty one, migrated later.
    if (!from || (err as { code?: string }).code !== UNDEFINED_DATABASE) throw err;
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** `env`: variables to set on top of the test defaults (e.g. a small JOBS_PER_COMPANY). */
export async function createTestDeps(
  opts: { clock?: () => Date; worker?: boolean; env?: Record<string, string> } = {},
): Promise<TestDeps> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-test-'));
  const { database, url, drop } = await createTestDatabase({ migrated: true });
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SITE_URL: 'http://localhost:3000',
    API_URL: 'http://localhost:3001',
    SEED: 'off',
    ...(url ? { DATABASE_URL: url } : {}),
    // Most test files run no worker, so every upload and export stays queued: the cap is tested on its own
    // (jobs/company-job-slots.test.ts) and out of the way elsewhere.
    JOBS_PER_COMPANY: '1000',
    ...opts.env,
  });
  const sentMails: Mail[] = [];
  const mailer: Mailer = { outboxDir: null, send: async (m) => void sentMails.push(m) };
  const deps = await createDeps(env, {
    database,
    mailer,
    clock: opts.clock,
    logger: pino(loggerOptions(env.LOG_LEVEL)),
    pollingIntervalSeconds: 0.5,
  });
  if (opts.worker) await deps.jobs.startWorking();
  return {
    ...deps,
    sentMails,
    cleanup: async () => {
      await closeDeps(deps);
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
