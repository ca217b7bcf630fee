/**
 * The SQL a service issues, captured through a logging drizzle handle on the same driver and pool: the
 * bare-SQL ceiling of a request replays exactly these statements, without HTTP, validation or JSON.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import type { AppDeps } from '../../src/deps.ts';

export type Statement = { sql: string; params: unknown[] };

/** The SQL statements `run` issues through a drizzle handle, in order (same driver and pool as `deps`). */
export async function recordStatements(
  deps: AppDeps,
  run: (db: Db) => Promise<unknown>,
): Promise<Statement[]> {
  const statements: Statement[] = [];
  const logger = {
    logQuery: (text: string, params: unknown[]) => statements.push({ sql: text, params }),
  };
  const client = (deps.database.db as unknown as { $client: unknown }).$client;
  const db = (deps.database.kind === 'postgres'
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
  await run(db);
  return statements;
}
