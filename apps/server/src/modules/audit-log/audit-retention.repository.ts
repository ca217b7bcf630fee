/**
 * The retention job's SQL. Deleting events is the database's own function `audit_prune_expired` (migration
 * audit_chain_owner), running as the owner of the tables: no other role may delete events, the function
 * deletes only what is past the company's period and records `auditLog.pruned` in the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** Companies holding events older than their retention period (one indexed probe per company). */
export async function findCompaniesWithExpiredEvents(db: DbOrTx, now: Date) {
  return queryRows<{ id: string }>(
    db,
    sql`select c.id from companies c
      where exists (select 1 from audit_events e where e.company_id = c.id
        and e.occurred_at < ${now}::timestamptz - make_interval(years => c.audit_retention_years))`,
  );
}

/**
 * Deletes a company's expired events as of `now` (the database's own time if that is earlier) and returns how
 * many went.
 */
export async function pruneCompany(db: DbOrTx, companyId: string, now: Date): Promise<number> {
  const [row] = await queryRows<{ deleted: string }>(
    db,
    sql`select audit_prune_expired(${companyId}::uuid, ${now}::timestamptz) as deleted`,
  );
  return Number(row?.deleted ?? 0);
}
