/**
 * Where each test file's database starts from: the migrated template, made once per test run (or by the build)
 * instead of initdb and every migration in each file. On PGlite it is the build's packed cluster
 * (src/db/pglite-template.ts); on PostgreSQL a database named after the migrations' hash, copied with
 * `CREATE DATABASE ... TEMPLATE`, as PostgreSQL copies `template1`. Each file still gets its own database.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import {
  isTemplateCurrent,
  migrationsHash,
  PGLITE_TEMPLATE,
} from '../../src/db/pglite-template.ts';

let loaded: Blob | undefined;

/** The build's template when it matches the migrations; undefined otherwise (the file then migrates). */
export function pgliteTemplate(): Blob | undefined {
  if (!loaded && isTemplateCurrent()) loaded = new Blob([readFileSync(PGLITE_TEMPLATE)]);
  return loaded;
}

/** The template database's name on the test server: one per set of migrations. */
export const postgresTemplateName = () => `t_template_${migrationsHash().slice(0, 16)}`;

const DUPLICATE_DATABASE = '42P04';

/**
 * Makes the template database on `adminUrl`'s server unless it exists: migrated under a scratch name, then renamed,
 * so a run starting meanwhile never copies a half-migrated one (the loser of two runs drops its own).
 */
export async function ensurePostgresTemplate(adminUrl: string): Promise<void> {
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    const scratch = `t_scratch_${crypto.randomUUID().replaceAll('-', '')}`;
    await admin.query(`create database ${scratch}`);
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    try {
      await admin.query(`alter database ${scratch} rename to ${name}`);
    } catch (err) {
      await admin.query(`drop database if exists ${scratch} with (force)`);
      if ((err as { code?: string }).code !== DUPLICATE_DATABASE) throw err;
    }
  } finally {
    await admin.end();
  }
}
