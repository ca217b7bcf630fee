/**
 * The audit log benchmark's PostgreSQL database kept between runs (`BENCH_AUDIT_DATABASE`): ten million events
 * take half an hour or more to seed on a shared machine, so a run that names a database seeds it once and later
 * runs (with later code: the migrations are applied when it is opened) measure on the same events. Unset, the
 * benchmark seeds the run's own database, dropped at its end.
 */
import pg from 'pg';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { createDeps } from '../../apps/server/src/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The kept database's name, when one is asked for (letters, digits and underscores only). */
export function keptAuditDatabase(): string | undefined {
  const name = process.env.BENCH_AUDIT_DATABASE;
  if (!name) return undefined;
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(
      `BENCH_AUDIT_DATABASE は英小文字・数字・_ で指定してください（指定値: ${name}）。`,
    );
  return name;
}

/** AppDeps on the kept database (made if missing, migrated by createDeps), its pool closed with the deps. */
export async function openKeptAuditDatabase(adminUrl: string, name: string): Promise<AppDeps> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const exists = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-audit-')),
    PORT: '3300',
    API_PORT: '3301',
    LOG_LEVEL: 'silent',
    SEED: 'off',
    DATABASE_URL: databaseUrl,
  });
  return createDeps(env, { database: await openDatabase({ databaseUrl, poolSize: 20 }) });
}
