/** Login attempts (failures until proven otherwise): the only SQL of login_attempts. */
import { and, count, eq, gt, isNull, lt, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';

/** What a limit counts by: the known device, else the account's email and the client's IP apart. */
export type AttemptScope = { by: 'device' | 'email' | 'ip'; value: string };

/** Failures of the scope since `since` (without `exceptId`) and when the last one happened. */
export async function countAttempts(
  db: DbOrTx,
  scope: AttemptScope,
  since: Date,
  exceptId?: string,
) {
  const [row] = await db
    .select({ n: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts[scope.by], scope.value),
        gt(loginAttempts.createdAt, since),
        exceptId ? ne(loginAttempts.id, exceptId) : undefined,
      ),
    );
  return { n: row?.n ?? 0, last: row?.last ?? null };
}

export async function insertAttempt(
  db: DbOrTx,
  attempt: { email: string; ip: string; device: string | null; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(loginAttempts).values(attempt).returning({ id: loginAttempts.id });
  return row!.id;
}

export async function deleteAttempt(db: DbOrTx, attemptId: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
}

export async function deleteAttemptsBefore(db: DbOrTx, before: Date) {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before));
}

/** The failures of this email from this device, or from this IP without a device. */
export async function deleteOwnAttempts(
  db: DbOrTx,
  key: { email: string; ip: string; device: string | null },
) {
  const from = key.device
    ? eq(loginAttempts.device, key.device)
    : and(eq(loginAttempts.ip, key.ip), isNull(loginAttempts.device));
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, key.email), from));
}
