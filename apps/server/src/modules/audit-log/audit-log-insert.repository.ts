/** The SQL of audit-log.record.ts for many events at once (a bulk run's batch): one JSON parameter. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** An event's columns in the order of INSERTED_COLUMNS; the chain's are the trigger's. */
export type EventRowValues = [
  companyId: string,
  occurredAt: string,
  actorId: string | null,
  actorName: string,
  actorEmail: string,
  ip: string,
  userAgent: string,
  requestId: string,
  action: string,
  category: string,
  targetType: string,
  targetId: string,
  targetName: string,
  details: Record<string, unknown>,
];

/**
 * Inserts the rows in the given order (the chain trigger numbers them so). A multi-row VALUES of 14
 * parameters per event cost about twice as much to build, send and plan at 2,000 events (bench/RESULTS.md).
 * jsonb, not json: `->>` on json parses the element's text again for each of the fourteen columns (the row
 * records' insert spent half its database CPU so, row-records.repository.ts).
 */
export async function insertEventRows(tx: DbOrTx, rows: readonly EventRowValues[]): Promise<void> {
  await tx.execute(sql`
    insert into audit_events (company_id, occurred_at, actor_id, actor_name, actor_email, ip, user_agent,
      request_id, action, category, target_type, target_id, target_name, details)
    select (r ->> 0)::uuid, (r ->> 1)::timestamptz, (r ->> 2)::uuid, r ->> 3, r ->> 4, r ->> 5, r ->> 6,
      r ->> 7, r ->> 8, r ->> 9, r ->> 10, r ->> 11, r ->> 12, r -> 13
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as e(r, n)
    order by n`);
}
