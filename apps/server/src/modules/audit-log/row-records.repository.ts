/** The SQL of a batch's row records (row-records.ts): its chained event, then its rows in one statement. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, auditRowRecords } from '../../db/schema.ts';
import type { toRow } from './audit-log.record.ts';

/** Inserts the batch's event (the chain trigger numbers it) and answers its number. */
export async function insertBatchEvent(tx: DbOrTx, row: ReturnType<typeof toRow>): Promise<number> {
  const [ev] = await tx.insert(auditEvents).values(row).returning({ seq: auditEvents.seq });
  return ev!.seq;
}

/**
 * The batch's rows as one JSON parameter made of their canonical lines (row-records-digest.ts canonicalRow:
 * position, time, actor, action, category, target type, id and name, name key, ident key, details), the
 * batch's common columns as scalars (the lines carry the same time and actor): a 2,000-row VALUES of 13
 * parameters each costs about twice as much to build, send and plan (audit-log-insert.repository.ts).
 * Read as jsonb, parsed once: `->>` on `json` parses the row's text again for every column taken from it, which
 * was half the insert's CPU in the database (2,000 rows: 140–160 ms against 77–85 ms, bench/RESULTS.md).
 */
export async function insertRowRecords(
  tx: DbOrTx,
  batch: { companyId: string; eventSeq: number; occurredAt: Date; actorId: string | null },
  lines: readonly string[],
): Promise<void> {
  await tx.execute(sql`
    insert into audit_row_records (company_id, event_seq, position, occurred_at, actor_id, action, category,
      target_type, target_id, target_name, name_key, ident_key, details)
    select ${batch.companyId}::uuid, ${batch.eventSeq}::bigint, (r ->> 0)::int,
      ${batch.occurredAt.toISOString()}::timestamptz, ${batch.actorId}::uuid, r ->> 3, r ->> 4, r ->> 5,
      r ->> 6, r ->> 7, r ->> 8, r ->> 9, r -> 10
    from jsonb_array_elements(${`[${lines.join(',')}]`}::jsonb) as e(r)`);
}

/** The columns the digest covers (row-records-digest.ts), with the event each row belongs to. */
const CANONICAL = {
  eventSeq: auditRowRecords.eventSeq,
  position: auditRowRecords.position,
  occurredAt: auditRowRecords.occurredAt,
  actorId: auditRowRecords.actorId,
  action: auditRowRecords.action,
  category: auditRowRecords.category,
  targetType: auditRowRecords.targetType,
  targetId: auditRowRecords.targetId,
  targetName: auditRowRecords.targetName,
  nameKey: auditRowRecords.nameKey,
  identKey: auditRowRecords.identKey,
  details: auditRowRecords.details,
};

/** A page of the company's row records in (event, position) order, after the given one. */
export async function findRowRecordPage(
  db: DbOrTx,
  companyId: string,
  limit: number,
  after?: { eventSeq: number; position: number },
  throughSeq?: number,
) {
  return db
    .select(CANONICAL)
    .from(auditRowRecords)
    .where(
      and(
        eq(auditRowRecords.companyId, companyId),
        after
          ? sql`(${auditRowRecords.eventSeq}, ${auditRowRecords.position}) > (${after.eventSeq}, ${after.position})`
          : undefined,
        throughSeq !== undefined ? sql`${auditRowRecords.eventSeq} <= ${throughSeq}` : undefined,
      ),
    )
    .orderBy(asc(auditRowRecords.eventSeq), asc(auditRowRecords.position))
    .limit(limit);
}
