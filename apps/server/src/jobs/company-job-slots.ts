/**
 * What one company may have queued and running at once (the jobs its users start: bulk checks and
 * executions, exports and templates, attribute downloads, classification backfills). Without a cap one
 * company can fill the shared queues and every other company waits behind it.
 *
 * The count is of the product's own rows in a queued or running state, taken under a transaction-scoped
 * advisory lock keyed by the company: the row that takes the slot is written in the same transaction, so
 * two requests at once cannot both pass at N-1. The job itself is sent in that transaction too (jobs.ts
 * `tx`): no row without its job, no job without its row.
 */
import { BULK_BUSY_STATUSES } from '@cloudsign/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { queryRows } from '../db/query-rows.ts';

/** Advisory lock namespace of per-company job slots (first int4 of the two-key form; instances use 746_531). */
export const JOB_SLOT_LOCK_CLASS = 746_532;

export const jobLimitMessage = (limit: number) =>
  `実行待ち・実行中の処理が上限（${limit}件）に達しています。実行中の処理が終わってからもう一度お試しください。`;

const limitReached = (limit: number) => new AppError('job_limit_reached', jobLimitMessage(limit));

/**
 * A manipulation untouched this long has no job left: pg-boss gives up on checks and exports within hours
 * (3 retries, 1 h expiry) and executions write progress with every batch. Without this bound a job that
 * failed its last attempt (its row left in チェック中 or 実行中) would hold a slot for ever. Backfills need
 * none: their job marks them failed on its last attempt.
 */
const ABANDONED_AFTER = '1 day';

/** The company's manipulations and backfills that are queued or running. */
export async function countBusyJobs(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (
          (select count(*) from bulk_manipulations m
            where m.company_id = ${companyId} and m.status in (${sql.join(
              BULK_BUSY_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )})
              and m.updated_at > now() - ${ABANDONED_AFTER}::interval)
        + (select count(*) from cabinet_backfills b join cabinets c on c.id = b.cabinet_id
            where c.company_id = ${companyId} and b.state in ('queued', 'running'))
        )::int as n`,
  );
  return row?.n ?? 0;
}

/**
 * A quick refusal before costly work (an upload streamed to storage), so a company at its cap writes no
 * file. Not the guarantee: `takeJobSlot` checks again under the lock.
 */
export async function assertJobRoom(db: Db, companyId: string, limit: number): Promise<void> {
  if ((await countBusyJobs(db, companyId)) >= limit) throw limitReached(limit);
}

/**
 * Inside the transaction that writes the slot's row: waits for the company's lock (held to commit), then
 * refuses when the company is at `limit`.
 */
export async function claimJobSlot(tx: Tx, companyId: string, limit: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${JOB_SLOT_LOCK_CLASS}::int, hashtext(${companyId}))`,
  );
  if ((await countBusyJobs(tx, companyId)) >= limit) throw limitReached(limit);
}

export type SlotOutcome<T> = { value: T; isNew: boolean };

/**
 * Runs `take` (which writes the row holding the slot) only while the company is under `limit`, in one
 * transaction behind the company's lock. `reuse` runs first under the same lock: an identical request
 * still queued or running is answered with the existing row (isNew false), which needs no slot.
 */
export async function takeJobSlot<T>(
  db: Db,
  companyId: string,
  limit: number,
  take: (tx: Tx) => Promise<T>,
  reuse?: (tx: Tx) => Promise<T | null>,
): Promise<SlotOutcome<T>> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${JOB_SLOT_LOCK_CLASS}::int, hashtext(${companyId}))`,
    );
    const existing = reuse ? await reuse(tx) : null;
    if (existing !== null) return { value: existing, isNew: false };
    // Re-entrant: the lock is already ours, so claimJobSlot only counts.
    await claimJobSlot(tx, companyId, limit);
    return { value: await take(tx), isNew: true };
  });
}
