/** The site's writes to members and sessions that are not part of the auth/ building blocks. */
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

/** After a password change, every other browser signed in as the member is signed out. */
export async function deleteOtherSessions(
  db: DbOrTx,
  userId: string,
  keepSessionId: string | null,
) {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}

/** Sets the password and makes the member valid (status 1): invited (0) and reset (2) members alike. */
export async function setPassword(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({ passwordHash, status: 1, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}
