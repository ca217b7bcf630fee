import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';
import { MIGRATIONS_DIR } from './migrations-dir.ts';

export { MIGRATIONS_DIR } from './migrations-dir.ts';

/**
 * Applies pending migrations. drizzle takes no lock: instances starting together run this under the start lock
 * (start-lock.ts). Another folder is for tests that stop at an earlier migration to check what a later one does to existing rows.
 */
export async function runMigrations(
  database: Database,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<void> {
  const config = { migrationsFolder };
  if (database.kind === 'postgres') {
    await migratePg(database.db as unknown as NodePgDatabase, config);
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  }
}
