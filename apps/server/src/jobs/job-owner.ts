/**
 * Which process runs each active job: a trigger on pg-boss's job table writes
 * the fetching instance's key into the job's `output` in the same UPDATE that makes it active, read from
 * the connection's application_name (`cloudsign-<key>`, set by bootstrap). Being in the same statement,
 * no crash can leave an active job untagged; reclaim-dead-work.ts gives back the jobs of dead keys.
 * pg-boss overwrites `output` when the job completes or fails. PostgreSQL only: on PGlite one process owns
 * the database, so every active job found at start is dead.
 */
import type { Database } from '../db/client.ts';
import { LOCK_CLASS } from '../lib/instance.ts';

const TRIGGER_SQL = `
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
  await database.raw.exec(`begin;${TRIGGER_SQL}commit;`);
}
