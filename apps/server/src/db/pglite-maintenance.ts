/**
 * What PostgreSQL's autovacuum does and embedded PGlite does not (it runs no background workers), kept small
 * because PGlite has one connection and every statement here makes the API wait:
 * - GIN pending lists: new keyword grams (members, documents) wait in a list every search scans linearly
 *   until it fills (4 MB). Measured on 100,000 members: a keyword search took 23.5 ms with a full list and
 *   1.2 ms after cleaning it (241 ms to clean). Cleaned every PENDING_LIST_INTERVAL_MS; an empty list costs
 *   nothing.
 * - Planner statistics: every ANALYZE_INTERVAL_MS, the tables whose size moved by more than a tenth since their
 *   last ANALYZE (or never analysed) are analysed, so plans follow the data as it grows (a bulk add of 100,000
 *   members would otherwise be planned as the empty table of the first start). Only those: ANALYZE of a
 *   million documents takes 116 s on PGlite (the keyword grams' statistics sample 300,000 rows), and every
 *   request would wait for it. PGlite keeps no modification counters (pg_stat_user_tables stays at zero), so
 *   the file size against pg_class.relpages is the signal, as autovacuum's threshold is 10 % of the table.
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

/** The public tables never analysed, or whose size in pages moved by more than 10 % (+8 pages) since. */
export async function tablesToAnalyze(database: Database): Promise<string[]> {
  const { rows } = await database.raw.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (c.reltuples < 0
          or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 0.1 * c.relpages + 8)
      order by 1`,
  );
  return rows.map((r) => r.name);
}

/** ANALYZE of the tables that need it (tablesToAnalyze); answers their names. */
export async function analyzeChangedTables(database: Database): Promise<string[]> {
  const tables = await tablesToAnalyze(database);
  for (const table of tables) await database.raw.exec(`analyze ${table}`);
  return tables;
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
    setInterval(
      run('gin pending lists', () => cleanGinPendingLists(database)),
      PENDING_LIST_INTERVAL_MS,
    ),
    setInterval(
      run('analyze', () => analyzeChangedTables(database)),
      ANALYZE_INTERVAL_MS,
    ),
  ];
  for (const t of timers) t.unref();
  return () => timers.forEach(clearInterval);
}
