/**
 * The retention job's SQL: the only path that deletes audit events. The append-only trigger lets a DELETE
 * through only in a transaction that set `cloudsign.audit_retention` (migration audit_events_chain).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../bulk/sql.ts';

/** Companies holding events older than their retention period (one indexed probe per company). */
export async function findCompaniesWithExpiredEvents(db: DbOrTx, now: Date) {
  return queryRows<{ id: string; name: string; years: number }>(
    db,
    sql`select c.id, c.name, c.audit_retention_years as years from companies c
      where exists (select 1 from audit_events e where e.company_id = c.id
        and e.occurred_at < ${now}::timestamptz - make_interval(years => c.audit_retention_years))`,
  );
}

/**
 * Deletes the events before the first one to keep: every event numbered before the oldest event inside the
 * period, so the kept events stay one unbroken stretch of the chain (an old timestamp recorded late is kept
 * with its neighbours, never cut out of the middle). Returns what the job's own event records.
 */
export async function deleteEventsBefore(db: DbOrTx, companyId: string, cutoff: Date) {
  await db.execute(sql`select set_config('cloudsign.audit_retention', 'on', true)`);
  const [kept] = await queryRows<{ seq: string; prev_hash: string }>(
    db,
    sql`select seq, prev_hash from audit_events
      where company_id = ${companyId} and seq = (select min(seq) from audit_events
        where company_id = ${companyId} and occurred_at >= ${cutoff})`,
  );
  const [deleted] = await queryRows<{ n: string; last_seq: string | null }>(
    db,
    sql`with gone as (
        delete from audit_events where company_id = ${companyId}
          ${kept ? sql`and seq < ${kept.seq}` : sql``}
        returning seq)
      select count(*) as n, max(seq) as last_seq from gone`,
  );
  await db.execute(sql`select set_config('cloudsign.audit_retention', 'off', true)`);
  return {
    deleted: Number(deleted?.n ?? 0),
    lastDeletedSeq: deleted?.last_seq == null ? null : Number(deleted.last_seq),
    firstKept: kept ? { seq: Number(kept.seq), prevHash: kept.prev_hash } : null,
  };
}
