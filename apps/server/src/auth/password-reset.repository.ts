/** Forgotten-password requests (the per-address and per-IP limits): the only SQL of password_reset_requests. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { passwordResetRequests } from '../db/schema.ts';

export async function countResetRequestsSince(
  db: DbOrTx,
  by: 'email' | 'ip',
  value: string,
  since: Date,
) {
  const column = by === 'email' ? passwordResetRequests.email : passwordResetRequests.ip;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetRequests)
    .where(and(eq(column, value), gt(passwordResetRequests.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertResetRequest(
  db: DbOrTx,
  values: { email: string; ip: string; createdAt: Date },
) {
  await db.insert(passwordResetRequests).values(values);
}
