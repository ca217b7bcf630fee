/**
 * Sign-in rate limiting (DESIGN.md §1), counted in the database so it holds across site instances:
 * failures per account and per IP within a sliding window. Blocked attempts are not recorded, so a
 * blocked caller cannot push the window forward; a success clears the account's failures only (never the
 * IP's, or an attacker could reset it with an account of their own).
 */
import { and, asc, count, eq, gt, lt, min } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

export type ThrottleKey = { email: string; ip: string };

/** Seconds until the caller may try again, or 0 when not blocked. */
export async function loginBlockedFor(db: DbOrTx, key: ThrottleKey, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const waits = await Promise.all([
    waitFor(db, eq(loginAttempts.email, key.email), MAX_FAILURES_PER_ACCOUNT, since, now),
    waitFor(db, eq(loginAttempts.ip, key.ip), MAX_FAILURES_PER_IP, since, now),
  ]);
  return Math.max(...waits);
}

async function waitFor(db: DbOrTx, match: ReturnType<typeof eq>, limit: number, since: Date, now: Date) {
  const where = and(match, gt(loginAttempts.createdAt, since));
  const [row] = await db.select({ n: count(), oldest: min(loginAttempts.createdAt) }).from(loginAttempts).where(where);
  if (!row || row.n < limit) return 0;
  // The window slides: the caller may try again once enough of the oldest failures have aged out.
  const excess = row.n - limit;
  const [nth] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(where)
    .orderBy(asc(loginAttempts.createdAt))
    .offset(excess)
    .limit(1);
  const at = nth?.at ?? row.oldest ?? now;
  return Math.max(1, Math.ceil((at.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordLoginFailure(db: DbOrTx, key: ThrottleKey, now: Date) {
  await db.insert(loginAttempts).values({ email: key.email, ip: key.ip, createdAt: now });
  // Housekeeping on the write path keeps the table small without a scheduled job.
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - 2 * LOGIN_WINDOW_MS)));
}

export async function clearAccountFailures(db: DbOrTx, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
