/**
 * Gives back the work of dead processes at once ("no orphan file"): pg-boss
 * would retry a killed worker's active job only after its expiry (15 minutes for bulk executions). Each
 * job a worker runs carries its instance key (pg-boss-internals.ts); a job whose owner is not live goes back to the
 * queue now, and the dead instances' staging folders are finished or removed. Runs at start and every
 * RECLAIM_INTERVAL_MS on every instance, so a surviving instance also takes over a dead one's work.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { Instance } from '../lib/instance.ts';
import { sweepDeadStaging } from '../lib/storage-sweep.ts';
import { giveBackDeadJobs } from './pg-boss-internals.ts';

export const RECLAIM_INTERVAL_MS = 10_000;

export async function reclaimDeadWork(
  database: Database,
  instance: Instance,
  dataDir: string,
  logger: Logger,
  atStart: boolean,
) {
  const live = await instance.liveKeys();
  if (!live) return { jobs: 0, removed: 0, promoted: 0 };
  // PGlite on disk has no owner tags (the trigger is PostgreSQL's): an untagged active job found at start
  // was left by the previous process; found later, it is this process's own running job and stays.
  const untaggedAreDead =
    atStart && live.size === 1 && live.has(instance.key) && database.kind === 'pglite';
  // Not counted as a retry: the job did not fail, its process died (pg-boss's expiry would also retry it).
  // Untagged active jobs (fetched through a pool without an instance name, e.g. a test's) are otherwise
  // left to pg-boss's expiry.
  const rows = await giveBackDeadJobs(database, [...live], untaggedAreDead);
  const files = await sweepDeadStaging(dataDir, new Set([...live].map(String)), async (key) => {
    const found = await database.raw.query(
      'select 1 from document_files where storage_key = $1 limit 1',
      [key],
    );
    return found.rows.length > 0;
  });
  if (rows.length > 0 || files.removed > 0 || files.promoted > 0) {
    logger.warn({ jobs: rows, ...files }, 'reclaimed the work of a stopped process');
  }
  return { jobs: rows.length, ...files };
}

/** Runs the reclaim now and then periodically; answers the stopper. */
export async function startReclaiming(
  database: Database,
  instance: Instance,
  dataDir: string,
  logger: Logger,
) {
  await reclaimDeadWork(database, instance, dataDir, logger, true);
  const timer = setInterval(() => {
    reclaimDeadWork(database, instance, dataDir, logger, false).catch((err: unknown) =>
      logger.error({ err }, 'reclaim of dead work failed'),
    );
  }, RECLAIM_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
