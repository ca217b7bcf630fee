/** The second-factor columns of users: the only SQL of MFA. */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** Records the accepted step; false if this or a later step was already used (replayed code). */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Removes one stored backup-code hash atomically; false when another request removed it first. */
export async function removeBackupCode(db: DbOrTx, userId: string, hash: string) {
  const rows = await db
    .update(users)
    .set({ mfaBackupCodes: sql`array_remove(${users.mfaBackupCodes}, ${hash})` })
    .where(and(eq(users.id, userId), sql`${hash} = any(${users.mfaBackupCodes})`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns MFA on with a confirmed secret and fresh backup codes (replacing any old ones). */
export async function enableMfa(
  db: DbOrTx,
  userId: string,
  secret: string,
  step: number,
  backupHashes: string[],
) {
  await db
    .update(users)
    .set({
      mfa: 1,
      mfaSecret: secret,
      mfaLastStep: step,
      mfaBackupCodes: backupHashes,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
