/** SQL of the generic bulk engine: the rows of one manipulation (checked, executed, followed up). */
import { and, count, eq, sql } from 'drizzle-orm';
import type { TBulkAction } from '@cloudsign/contract';
import type { DbOrTx } from '../db/client.ts';
import { bulkManipulationRows } from '../db/schema.ts';
import { queryRows } from '../db/query-rows.ts';
import type { CheckedRow, PendingRow, RowOutcome } from './bulk.types.ts';

export async function deleteRows(db: DbOrTx, manipulationId: string) {
  await db
    .delete(bulkManipulationRows)
    .where(eq(bulkManipulationRows.manipulationId, manipulationId));
}

/** One statement per batch: the rows travel as one JSON parameter (fast on both drivers, no 65k-parameter limit). */
export async function insertRows(db: DbOrTx, manipulationId: string, rows: CheckedRow[]) {
  if (rows.length === 0) return;
  const payload = JSON.stringify(
    rows.map((r) => ({
      n: r.rowNumber,
      a: r.action,
      t: r.targetId,
      i: r.input,
      b: r.before,
      f: r.after,
      e: r.errors,
    })),
  );
  await db.execute(sql`
    insert into bulk_manipulation_rows (manipulation_id, row_number, action, target_id, input, before, after, errors)
    select ${manipulationId}::uuid, x.n, x.a, x.t, x.i, x.b, x.f, x.e
    from jsonb_to_recordset(${payload}::jsonb) as x(n int, a text, t uuid, i jsonb, b jsonb, f jsonb, e jsonb)
    on conflict (manipulation_id, row_number) do nothing`);
}

/** Errors found only once the whole file is known: the row becomes an error row. */
export async function addRowErrors(
  db: DbOrTx,
  manipulationId: string,
  errors: { rowNumber: number; column: string; message: string }[],
) {
  if (errors.length === 0) return;
  const payload = JSON.stringify(
    errors.map((e) => ({ n: e.rowNumber, e: [{ column: e.column, message: e.message }] })),
  );
  await db.execute(sql`
    update bulk_manipulation_rows r set action = 'error', errors = r.errors || x.e
    from jsonb_to_recordset(${payload}::jsonb) as x(n int, e jsonb)
    where r.manipulation_id = ${manipulationId}::uuid and r.row_number = x.n`);
}

export async function countByAction(
  db: DbOrTx,
  manipulationId: string,
): Promise<Record<string, number>> {
  const rows = await queryRows<{ action: string; n: number }>(
    db,
    sql`select action, count(*)::int as n from bulk_manipulation_rows where manipulation_id = ${manipulationId}::uuid group by action`,
  );
  return Object.fromEntries(rows.map((r) => [r.action, r.n]));
}

export async function countByOutcome(
  db: DbOrTx,
  manipulationId: string,
): Promise<Record<string, number>> {
  const rows = await queryRows<{ outcome: string; n: number }>(
    db,
    sql`select outcome, count(*)::int as n from bulk_manipulation_rows where manipulation_id = ${manipulationId}::uuid group by outcome`,
  );
  return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
}

export async function findRows(
  db: DbOrTx,
  manipulationId: string,
  q: {
    page: number;
    perPage: number;
    action?: TBulkAction | undefined;
    outcome?: string | undefined;
  },
) {
  const where = and(
    eq(bulkManipulationRows.manipulationId, manipulationId),
    q.action ? eq(bulkManipulationRows.action, q.action) : undefined,
    q.outcome ? eq(bulkManipulationRows.outcome, q.outcome) : undefined,
  );
  const rows = await db
    .select()
    .from(bulkManipulationRows)
    .where(where)
    .orderBy(bulkManipulationRows.rowNumber)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db.select({ n: count() }).from(bulkManipulationRows).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Keyset page for streaming CSVs: rows after `afterRow`, in file order (flat memory). */
export async function rowsAfter(
  db: DbOrTx,
  manipulationId: string,
  afterRow: number,
  limit: number,
  onlyErrors: boolean,
) {
  return db
    .select()
    .from(bulkManipulationRows)
    .where(
      and(
        eq(bulkManipulationRows.manipulationId, manipulationId),
        sql`${bulkManipulationRows.rowNumber} > ${afterRow}`,
        onlyErrors
          ? sql`(${bulkManipulationRows.action} in ('error', 'conflict') or ${bulkManipulationRows.outcome} = 'failed')`
          : undefined,
      ),
    )
    .orderBy(bulkManipulationRows.rowNumber)
    .limit(limit);
}

/** Rows that will not be executed (unchanged) are settled up front, so "pending" means "still to apply". */
export async function skipRowsExcept(
  db: DbOrTx,
  manipulationId: string,
  actions: readonly TBulkAction[],
) {
  await db.execute(sql`
    update bulk_manipulation_rows set outcome = 'skipped'
    where manipulation_id = ${manipulationId}::uuid and outcome = 'pending'
      and action not in (${sql.join(
        actions.map((a) => sql`${a}`),
        sql`, `,
      )})`);
}

export async function countPending(db: DbOrTx, manipulationId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bulk_manipulation_rows where manipulation_id = ${manipulationId}::uuid and outcome = 'pending'`,
  );
  return row?.n ?? 0;
}

/**
 * The next batch still pending, locked: a second runner (an expired job retried while the first still
 * works) skips these rows instead of applying them again.
 */
export async function claimPendingBatch(
  tx: DbOrTx,
  manipulationId: string,
  afterRow: number,
  limit: number,
): Promise<PendingRow[]> {
  return queryRows<PendingRow>(
    tx,
    sql`select row_number as "rowNumber", action, target_id as "targetId", before, after
        from bulk_manipulation_rows
        where manipulation_id = ${manipulationId}::uuid and outcome = 'pending' and row_number > ${afterRow}
        order by row_number limit ${limit} for update skip locked`,
  );
}

export async function storeOutcomes(
  tx: DbOrTx,
  manipulationId: string,
  batchNo: number,
  outcomes: RowOutcome[],
) {
  if (outcomes.length === 0) return;
  const payload = JSON.stringify(
    outcomes.map((o) => ({ n: o.rowNumber, o: o.outcome, m: o.message, t: o.targetId ?? null })),
  );
  await tx.execute(sql`
    update bulk_manipulation_rows r
    set outcome = x.o, outcome_message = x.m, batch_no = ${batchNo}, target_id = coalesce(x.t, r.target_id)
    from jsonb_to_recordset(${payload}::jsonb) as x(n int, o text, m text, t uuid)
    where r.manipulation_id = ${manipulationId}::uuid and r.row_number = x.n and r.outcome = 'pending'`);
}

/** Succeeded rows whose follow-up (e.g. an invitation mail) is not done yet, in file order. */
export async function rowsAwaitingFollowUp(
  db: DbOrTx,
  manipulationId: string,
  action: TBulkAction,
  limit: number,
  afterRow = 0,
) {
  return queryRows<{
    rowNumber: number;
    targetId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    db,
    sql`select row_number as "rowNumber", target_id as "targetId", before, after from bulk_manipulation_rows
        where manipulation_id = ${manipulationId}::uuid and action = ${action} and outcome = 'succeeded' and follow_up_at is null
          and row_number > ${afterRow}
        order by row_number limit ${limit}`,
  );
}

/** Claims the follow-up of one row; false when another runner already did it (the row lock serialises them). */
export async function claimFollowUp(
  db: DbOrTx,
  manipulationId: string,
  rowNumber: number,
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update bulk_manipulation_rows set follow_up_at = now()
        where manipulation_id = ${manipulationId}::uuid and row_number = ${rowNumber} and follow_up_at is null
        returning row_number`,
  );
  return rows.length === 1;
}
