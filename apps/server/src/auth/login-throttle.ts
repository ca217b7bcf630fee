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

/**
 * Counts an attempt as a failure *before* its password or code is checked. Checking first and recording
 * after let a burst of simultaneous guesses all pass the check before any was recorded (12 parallel
 * guesses got 12 tries against a limit of 5). Now the row goes in first and the window is counted with it:
 * an attempt is let through only while at most the limit of rows are visible, so however requests
 * interleave, no more than the limit get through. Past it, the row is taken back (blocked attempts are
 * not recorded, see above) and the caller waits. A success releases or clears the row.
 */
export async function reserveLoginAttempt(db: DbOrTx, key: ThrottleKey, now: Date): Promise<{ attemptId: string; wait: 0 } | { wait: number }> {
  const wait = await loginBlockedFor(db, key, now);
  if (wait > 0) return { wait };
  const [row] = await db.insert(loginAttempts).values({ email: key.email, ip: key.ip, createdAt: now }).returning({ id: loginAttempts.id });
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const counted = (match: ReturnType<typeof eq>) => db.select({ n: count() }).from(loginAttempts).where(and(match, gt(loginAttempts.createdAt, since)));
  const [[byEmail], [byIp]] = await Promise.all([counted(eq(loginAttempts.email, key.email)), counted(eq(loginAttempts.ip, key.ip))]);
  if ((byEmail?.n ?? 0) <= MAX_FAILURES_PER_ACCOUNT && (byIp?.n ?? 0) <= MAX_FAILURES_PER_IP) {
    // Housekeeping on the write path keeps the table small without a scheduled job.
    await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - 2 * LOGIN_WINDOW_MS)));
    return { attemptId: row!.id, wait: 0 };
  }
  await releaseLoginAttempt(db, row!.id);
  return { wait: Math.max(1, await loginBlockedFor(db, key, now)) };
}

/** Takes back a reserved attempt that succeeded (a second factor: the account's other failures stay). */
export async function releaseLoginAttempt(db: DbOrTx, attemptId: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
}

export async function clearAccountFailures(db: DbOrTx, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
