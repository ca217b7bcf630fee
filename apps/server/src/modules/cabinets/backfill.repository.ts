/**
 * Dry run and backfill of a classification rule. Both use one candidate condition, so the dry
 * run's count is what the backfill files when nothing changes in between.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { DocumentStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cabinetBackfills } from '../../db/schema.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlEntityType } from '../../db/entity-type-sql.ts';

export type BackfillRow = typeof cabinetBackfills.$inferSelect;

/** Existing documents the rule applies to: concluded or imported, sent by a member of one of the groups. */
const candidate = (companyId: string, groupIds: readonly string[]): SQL => sql`
  d.company_id = ${companyId}
  and d.status in (${DocumentStatus.Concluded}, ${DocumentStatus.Imported})
  and d.sender_id is not null
  and exists (
    select 1 from member_groups g
    where g.id = any(${sql.param(groupIds)}::uuid[]) and g.company_id = ${companyId}
      and (g.type = ${sqlEntityType.System} or exists (select 1 from member_group_users mgu where mgu.group_id = g.id and mgu.user_id = d.sender_id))
  )`;

export async function countRuleCandidates(
  db: DbOrTx,
  companyId: string,
  cabinetId: string,
  groupIds: readonly string[],
) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from documents d where ${candidate(companyId, groupIds)}
        and not exists (select 1 from document_cabinets dc where dc.cabinet_id = ${cabinetId} and dc.document_id = d.id)`,
  );
  return row?.n ?? 0;
}

export async function insertBackfill(
  db: DbOrTx,
  v: { companyId: string; cabinetId: string; groupIds: string[]; createdBy: string },
) {
  const [row] = await db.insert(cabinetBackfills).values(v).returning();
  return row!;
}

export async function findBackfill(db: DbOrTx, companyId: string, cabinetId: string, id: string) {
  const [row] = await db
    .select()
    .from(cabinetBackfills)
    .where(
      and(
        eq(cabinetBackfills.companyId, companyId),
        eq(cabinetBackfills.cabinetId, cabinetId),
        eq(cabinetBackfills.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function latestBackfills(
  db: DbOrTx,
  companyId: string,
  cabinetId: string,
  limit = 10,
) {
  return db
    .select()
    .from(cabinetBackfills)
    .where(
      and(eq(cabinetBackfills.companyId, companyId), eq(cabinetBackfills.cabinetId, cabinetId)),
    )
    .orderBy(desc(cabinetBackfills.createdAt))
    .limit(limit);
}

/** Locks the run for this batch, so two deliveries of one job never work the same range at once. */
export async function lockBackfill(tx: DbOrTx, id: string): Promise<BackfillRow | null> {
  const [row] = await tx
    .select()
    .from(cabinetBackfills)
    .where(eq(cabinetBackfills.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * One batch in keyset order of document id after `cursor`; the counters and cursor are written in the same
 * transaction as the links, so a retry resumes exactly here. Returns false when nothing was left.
 */
export async function runBackfillBatch(
  tx: DbOrTx,
  run: BackfillRow,
  batchSize: number,
): Promise<boolean> {
  const after = run.cursor ?? '00000000-0000-0000-0000-000000000000';
  const [row] = await queryRows<{ processed: number; linked: number; last: string | null }>(
    tx,
    sql`with cand as (
        select d.id from documents d where ${candidate(run.companyId, run.groupIds)} and d.id > ${after}
        order by d.id limit ${batchSize}
      ), ins as (
        insert into document_cabinets (cabinet_id, document_id) select ${run.cabinetId}, id from cand
        on conflict do nothing returning 1
      )
      select (select count(*)::int from cand) as processed, (select count(*)::int from ins) as linked,
        (select id::text from cand order by id desc limit 1) as last`,
  );
  const processed = row?.processed ?? 0;
  if (processed === 0 || !row?.last) {
    await tx
      .update(cabinetBackfills)
      .set({ state: 'succeeded', finishedAt: sql`now()` })
      .where(eq(cabinetBackfills.id, run.id));
    return false;
  }
  await tx
    .update(cabinetBackfills)
    .set({
      state: 'running',
      cursor: row.last,
      processed: sql`${cabinetBackfills.processed} + ${processed}`,
      linked: sql`${cabinetBackfills.linked} + ${row.linked}`,
    })
    .where(eq(cabinetBackfills.id, run.id));
  return true;
}

/** The final state of a run whose retries are exhausted; the links filed so far stay (each is correct). */
export async function markBackfillFailed(db: DbOrTx, id: string) {
  await db
    .update(cabinetBackfills)
    .set({ state: 'failed', finishedAt: sql`now()` })
    .where(and(eq(cabinetBackfills.id, id), sql`${cabinetBackfills.state} <> 'succeeded'`));
}
