/**
 * What PostgreSQL's autovacuum does and embedded PGlite does not (it runs no background workers), kept small
 * because PGlite has one connection and every statement here makes the API wait:
 * - GIN pending lists: new keyword grams (members, documents) wait in a list every search scans linearly
 *   until it fills (4 MB). Measured on 100,000 members: a keyword search took 23.5 ms with a full list and
 *   1.2 ms after cleaning it (241 ms to clean). Cleaned every PENDING_LIST_INTERVAL_MS; an empty list costs
 *   nothing.
 * - Planner statistics: ANALYZE every ANALYZE_INTERVAL_MS, so plans follow the data as it grows (a bulk add of
 *   100,000 members would otherwise be planned as the empty table of the first start).
 * PostgreSQL servers are left to their own autovacuum.
 */
import type { Logger } from 'pino';
import type { Database } from './client.ts';

export const PENDING_LIST_INTERVAL_MS = 60_000;
export const ANALYZE_INTERVAL_MS = 10 * 60_000;

/** Moves every GIN index's pending entries into the index; answers how many pages were cleaned. */
export async function cleanGinPendingLists(database: Database): Promise<number> {
  const { rows } = await database.raw.query<{ pages: number | string }>(
    `select coalesce(sum(gin_clean_pending_list(i.indexrelid)), 0) as pages
       from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_am am on am.oid = c.relam and am.amname = 'gin'
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'`,
  );
  return Number(rows[0]?.pages ?? 0);
}

/** Starts the loops on PGlite (a no-op on PostgreSQL); answers the stopper. */
export function startPgliteMaintenance(database: Database, logger: Logger): () => void {
  if (database.kind !== 'pglite') return () => {};
  const run = (what: string, task: () => Promise<unknown>) => () => {
    const started = Date.now();
    task().then(
      (result) => logger.debug({ what, result, ms: Date.now() - started }, 'PGlite maintenance'),
      (err: unknown) => logger.warn({ err, what }, 'PGlite maintenance failed'),
    );
  };
  // Once at start too: a database seeded or bulk-loaded before this start may hold full lists.
  run('gin pending lists', () => cleanGinPendingLists(database))();
  const timers = [
    setInterval(run('gin pending lists', () => cleanGinPendingLists(database)), PENDING_LIST_INTERVAL_MS),
    setInterval(run('analyze', () => database.raw.exec('analyze')), ANALYZE_INTERVAL_MS),
  ];
  for (const t of timers) t.unref();
  return () => timers.forEach(clearInterval);
}
