/** The SQL of a bulk run's invitation mails (member-invitations.ts), a slice of rows per statement. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pgArray, queryRows } from '../../db/query-rows.ts';

/** Of `ids`, the members still 招待中 (status 0): only they are mailed a link. */
export async function stillInvitedAmong(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from users where id = any(${pgArray(ids)}::uuid[]) and status = 0`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Marks the rows whose follow-up is nothing to mail as done (no lock held beyond the statement). */
export async function claimFollowUps(
  db: DbOrTx,
  manipulationId: string,
  rowNumbers: readonly number[],
) {
  if (rowNumbers.length === 0) return;
  await db.execute(
    sql`update bulk_manipulation_rows set follow_up_at = now()
        where manipulation_id = ${manipulationId}::uuid and row_number = any(${pgArray(rowNumbers.map(String))}::int[])
          and follow_up_at is null`,
  );
}

export async function companyNameById(db: DbOrTx, companyId: string) {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from companies where id = ${companyId}::uuid`,
  );
  return row?.name ?? '';
}
