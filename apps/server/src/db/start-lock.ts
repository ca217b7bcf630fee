/**
 * Instances starting together on one PostgreSQL set the shared database up one at a time. The first start of
 * a scaled-out deployment starts every process at once on an empty database: drizzle's migrator creates its
 * schema without a lock (two processes: a unique violation on `CREATE SCHEMA`), and pg-boss creates each queue
 * as a partition of its job table (`ATTACH PARTITION`), so two processes creating different queues deadlock.
 * The first to take this session advisory lock migrates and creates the queues; the others wait and then find
 * everything made, which costs each a few queries. PGlite on disk has one process: nothing to wait for.
 */
import pg from 'pg';

/** Advisory lock namespace of the start (first int4 of the two-key form; instances use 746_531, job slots 746_532). */
export const START_LOCK_CLASS = 746_533;

/** Runs `setUp` holding the start lock of the database at `databaseUrl` (none without one). */
export async function whileStarting<T>(
  databaseUrl: string | undefined,
  setUp: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return setUp();
  // Its own connection: the pools' connections come and go, a session lock must stay on one.
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'cloudsign-start',
  });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::int, 0)', [START_LOCK_CLASS]);
    return await setUp();
  } finally {
    // Ending the session releases the lock, also when setting up failed.
    await client.end().catch(() => {});
  }
}
