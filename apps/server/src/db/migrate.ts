import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';
import { MIGRATIONS_DIR } from './migrations-dir.ts';

export { MIGRATIONS_DIR } from './migrations-dir.ts';

/** Applies pending migrations; safe to run from several instances (drizzle takes its own lock per run). */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'postgres') {
    await migratePg(database.db as unknown as NodePgDatabase, config);
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  }
}
