/**
 * This process's identity among the instances sharing one database. Jobs it
 * runs and files it is still writing are tagged with its key, so a restart or another instance can tell
 * the work of a dead process (kill -9, lost machine) from live work at once, instead of waiting for
 * pg-boss's expiry.
 * - PostgreSQL: the instance holds a session advisory lock on a dedicated connection; the server drops it
 *   the moment the process dies, so the live instances are the granted locks in pg_locks.
 * - PGlite on disk: one process owns the data folder, so every other key is dead.
 * - A database handed in from outside (in-memory PGlite of tests): liveness unknown, nothing is reclaimed.
 */
import pg from 'pg';
import type { Logger } from 'pino';

/** Advisory lock namespace of instance keys (first int4 of the two-key form). */
export const LOCK_CLASS = 746_531;

export type Instance = {
  key: number;
  /** Keys of the live instances, or null when this process cannot know (then nothing may be reclaimed). */
  liveKeys: () => Promise<Set<number> | null>;
  close: () => Promise<void>;
};

export const randomInstanceKey = () => 1 + Math.floor(Math.random() * 2_147_483_646);
/** The connections' application_name of an instance: `cloudsign-<key>` (read by the job owner trigger). */
export const instanceApplicationName = (key: number) => `cloudsign-${key}`;

export async function openInstance(opts: {
  key: number;
  databaseUrl?: string;
  isExclusive: boolean;
  logger: Logger;
}): Promise<Instance> {
  const { key } = opts;
  if (!opts.databaseUrl) {
    return {
      key,
      liveKeys: async () => (opts.isExclusive ? new Set([key]) : null),
      close: async () => {},
    };
  }
  const url = opts.databaseUrl;
  let client: pg.Client | null = null;
  let isClosed = false;
  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      application_name: `${instanceApplicationName(key)}-lock`,
    });
    // A dropped connection releases the lock: take it again on the next liveness check.
    c.on('error', (err) => {
      opts.logger.warn({ err }, 'instance lock connection lost');
      if (client === c) client = null;
    });
    await c.connect();
    await c.query('select pg_advisory_lock($1::int, $2::int)', [LOCK_CLASS, key]);
    client = c;
    return c;
  };
  await connect();
  return {
    key,
    liveKeys: async () => {
      const c = client ?? (isClosed ? null : await connect());
      if (!c) return null;
      const r = await c.query<{ k: string }>(
        `select objid::bigint as k from pg_locks
          where locktype = 'advisory' and classid = $1::int::oid and objsubid = 2 and granted
            and database = (select oid from pg_database where datname = current_database())`,
        [LOCK_CLASS],
      );
      return new Set(r.rows.map((row) => Number(row.k)));
    },
    close: async () => {
      isClosed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
