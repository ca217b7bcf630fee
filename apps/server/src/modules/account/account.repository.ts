/** The SQL of アカウント設定: the member's own password and his own sessions, always scoped by his id. */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, sessions, users } from '../../db/schema.ts';
import { sessionIsLive } from '../../auth/session-limits.sql.ts';

export async function updateOwnPassword(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  now: Date,
) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function selectPasswordHash(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/**
 * The member's live sessions, the most recently used first: not expired, and used within the company's idle
 * timeout (one left longer is refused everywhere, so it is not shown as signed in either).
 */
export async function selectOwnSessions(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      viaSso: sessions.viaSso,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.userId, userId), sessionIsLive(now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/**
 * Ends one of the member's sessions by its public id; 0 when the id is not his (another member's or company's
 * session answers like one that does not exist).
 */
export async function deleteOwnSession(db: DbOrTx, userId: string, publicId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function deleteOwnOtherSessions(db: DbOrTx, userId: string, keepSessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
