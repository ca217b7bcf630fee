/** The site's reads and writes of members that are not part of the auth/ building blocks. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { deleteSessionsOf } from '../../auth/sessions.repository.ts';

/** The member signing in with this (normalised) email, whatever his status. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

/** After a password change, every other browser signed in as the member is signed out. */
export async function deleteOtherSessions(
  db: DbOrTx,
  userId: string,
  keepSessionId: string | null,
) {
  await deleteSessionsOf(db, [userId], keepSessionId);
}

/** Sets the password and makes the member valid (status 1): invited (0) and reset (2) members alike. */
export async function setPassword(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({ passwordHash, status: 1, updatedAt: now })
    .where(eq(users.id, userId));
}
