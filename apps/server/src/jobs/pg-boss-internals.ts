/**
 * Everything the server knows of pg-boss's insides, in one place: its `pgboss.job` table (columns `name`,
 * `state`, `priority`, `data`, `output`, `start_after`) and the states it moves a job through. pg-boss offers
 * no API for what is done here (fair turns, owner tags, giving back a dead process's jobs at once), so these
 * statements depend on the schema of one pg-boss version: package.json pins it exactly, and `checkPgBoss` runs
 * at start, after pg-boss has made or migrated its schema, and refuses to start on any other version.
 * Upgrading pg-boss: read its migrations for these columns and states, then change PINNED_PG_BOSS and
 * PG_BOSS_SCHEMA with the pin.
 */
import pgBossPackage from 'pg-boss/package.json' with { type: 'json' };
import type { Database } from '../db/client.ts';
import { LOCK_CLASS } from '../lib/instance.ts';
import type { SqlExecutor } from './tx-executor.sql.ts';

/** The pg-boss these statements were written for (package.json pins the same). */
export const PINNED_PG_BOSS = '12.38.0';
/** Its schema version (`pgboss.version`, pg-boss's package.json `pgboss.schema`). */
export const PG_BOSS_SCHEMA = 46;

export class PgBossVersionError extends Error {
  constructor(found: string) {
    super(
      `pg-boss ${found} is not the version the job code was written for (${PINNED_PG_BOSS}, schema ` +
        `${PG_BOSS_SCHEMA}): it reads and triggers on pg-boss's tables (jobs/pg-boss-internals.ts). ` +
        `Install the version package.json pins.`,
    );
    this.name = 'PgBossVersionError';
  }
}

/** At start, once pg-boss has started: the library and the database's pg-boss schema are the known ones. */
export async function checkPgBoss(database: Database, installed = pgBossPackage.version) {
  if (installed !== PINNED_PG_BOSS) throw new PgBossVersionError(installed);
  const { rows } = await database.raw.query<{ version: string | number }>(
    'select version from pgboss.version',
  );
  const schema = Number(rows[0]?.version);
  if (schema !== PG_BOSS_SCHEMA) throw new PgBossVersionError(`${installed} (schema ${schema})`);
}

/**
 * The lowest priority of a company's queued or running jobs in one queue (null with none): fair turns
 * (jobs.ts). The company id travels in the job's data, which no index covers: a `min` over the company's rows
 * read every job of the table (finished ones too, kept for days), 7–10 ms at 5,000 queued (a SCIM first sync
 * queues one invitation job per batch of creates, in the batch's transaction). The queued ones are read instead
 * from pg-boss's fetch index (`job_i11`: name, priority desc, queued and not blocked) from the lowest priority
 * up, stopping at the company's first: the company that keeps sending holds the lowest priorities, so its
 * look-up reads one row (0.08 ms at 5,000); another company's reads at most the queue's queued jobs. The
 * running ones through `job_i14` (name, state). No job is ever blocked here: none is sent with dependencies.
 */
export async function lowestPriorityOf(
  db: SqlExecutor,
  name: string,
  companyId: string,
): Promise<number | null> {
  const { rows } = await db.executeSql(
    `select least(
       (select priority from pgboss.job where name = $1 and state < 'active' and not blocked
          and data->>'companyId' = $2 order by priority limit 1),
       (select min(priority) from pgboss.job where name = $1 and state = 'active' and data->>'companyId' = $2)
     ) as p`,
    [name, companyId],
  );
  const lowest = rows[0]?.p;
  return lowest === null || lowest === undefined ? null : Number(lowest);
}

/**
 * Which process runs each active job: a trigger on pg-boss's job table writes the fetching instance's key into
 * the job's `output` in the same UPDATE that makes it active, read from the connection's application_name
 * (`cloudsign-<key>`, set by bootstrap). Being in the same statement, no crash can leave an active job
 * untagged; reclaim-dead-work.ts gives back the jobs of dead keys. pg-boss overwrites `output` when the job
 * completes or fails. PostgreSQL only: on PGlite one process owns the database, so every active job found at
 * start is dead.
 */
const OWNER_TRIGGER_SQL = `
select pg_advisory_xact_lock(${LOCK_CLASS}, 0);
create or replace function pgboss.cloudsign_tag_owner() returns trigger language plpgsql as $$
begin
  if new.state = 'active' and old.state <> 'active' and current_setting('application_name') ~ '^cloudsign-[0-9]+$' then
    new.output := jsonb_build_object('owner', substr(current_setting('application_name'), 11)::bigint);
  end if;
  return new;
end $$;
create or replace trigger cloudsign_tag_owner before update of state on pgboss.job
  for each row execute function pgboss.cloudsign_tag_owner();
`;

export async function tagJobOwners(database: Database) {
  if (database.kind !== 'postgres') return;
  // One statement batch = one transaction; the lock keeps instances starting together from racing.
  await database.raw.exec(`begin;${OWNER_TRIGGER_SQL}commit;`);
}

/**
 * Puts back to `retry` the active jobs whose owner is not among `liveKeys` (and the untagged ones when
 * `untaggedAreDead`), not counted as a retry: the job did not fail, its process died.
 */
export async function giveBackDeadJobs(
  database: Database,
  liveKeys: readonly number[],
  untaggedAreDead: boolean,
) {
  const { rows } = await database.raw.query<{ name: string; id: string }>(
    `update pgboss.job set state = 'retry', start_after = now(), output = null
      where state = 'active' and case
        when (output->>'owner') is not null then not ((output->>'owner')::bigint = any($1::bigint[]))
        else $2::boolean end
      returning name, id`,
    [liveKeys, untaggedAreDead],
  );
  return rows;
}
