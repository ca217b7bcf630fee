/**
 * A database that ran pg-boss 10 keeps its jobs in pg-boss's schema version 24, which pg-boss 11 and later do not
 * migrate (their oldest migration starts at 25; pg-boss 11's notes say to move the jobs by hand). So at start,
 * before pg-boss starts, that schema is set aside whole under another name, and pg-boss makes its own anew; once
 * every queue exists again, the jobs still to run move into it with their ids, data, priority, retries and start
 * times, and the old schema is dropped, in one transaction. A job that was active belonged to a process that has
 * stopped since (the upgrade stops every instance), so it moves as a retry, not counted as one.
 */
import type { Database } from '../db/client.ts';
import { START_LOCK_CLASS } from '../db/start-lock.ts';

const SET_ASIDE = 'pgboss_v10';
const PG_BOSS_10_SCHEMA = 24;

/** Before pg-boss starts: pg-boss 10's schema, if that is what `pgboss` holds, is renamed out of its way. */
export async function setAsidePgBoss10(database: Database) {
  const found = await database.raw.query<{ table: string | null }>(
    `select to_regclass('pgboss.version')::text as table`,
  );
  if (!found.rows[0]?.table) return false;
  const { rows } = await database.raw.query<{ version: string | number }>(
    'select version from pgboss.version',
  );
  if (Number(rows[0]?.version) !== PG_BOSS_10_SCHEMA) return false;
  await database.raw.exec(`alter schema pgboss rename to ${SET_ASIDE}`);
  return true;
}

/**
 * Once the queues exist: the set-aside jobs still to run go into pg-boss's job table, the old schema goes.
 * Under a transaction lock, so instances starting together move them once (the start's namespace, a key no
 * session lock takes: an instance's own lock could hold any key); jobs of a queue no instance registers any more
 * have nothing to run them and go with the schema.
 */
export async function carryOverPgBoss10Jobs(database: Database) {
  await database.raw.exec(`begin;
select pg_advisory_xact_lock(${START_LOCK_CLASS}, 1);
do $$ begin
  if to_regnamespace('${SET_ASIDE}') is not null then
    insert into pgboss.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
        retry_backoff, start_after, singleton_key, singleton_on, expire_seconds, created_on, keep_until, policy)
      select j.id, j.name, j.priority, j.data,
          (case when j.state::text = 'active' then 'retry' else j.state::text end)::pgboss.job_state,
          j.retry_limit, j.retry_count, j.retry_delay, j.retry_backoff,
          case when j.state::text = 'active' then now() else j.start_after end,
          j.singleton_key, j.singleton_on, extract(epoch from j.expire_in)::int, j.created_on,
          greatest(j.keep_until, now() + interval '1 day'), q.policy
        from ${SET_ASIDE}.job j join pgboss.queue q on q.name = j.name
        where j.state::text in ('created', 'retry', 'active');
    drop schema ${SET_ASIDE} cascade;
  end if;
end $$;
commit;`);
}
