/**
 * Site sessions (docs/design.md §1): an opaque random cookie value, stored only as its SHA-256, with an absolute
 * expiry. `nextStep` decides, from the session and the member's current state, what the member must still do
 * before the session may mint API tokens (second factor, new password, MFA enrolment).
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { companies, sessions, users } from '../db/schema.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export const SESSION_COOKIE = 'cs_session';
export const SESSION_TTL_MS = 12 * 3600 * 1000;
/** lastSeenAt is refreshed at most this often, so token refreshes do not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;
export type SessionUser = typeof users.$inferSelect;
export type SessionCompany = typeof companies.$inferSelect;
export type LoadedSession = { session: SessionRow; user: SessionUser; company: SessionCompany };

export type NextStep = 'mfa_verify' | 'new_password' | 'mfa_setup' | 'done';

export async function createSession(
  db: DbOrTx,
  userId: string,
  isMfaVerified: boolean,
  now: Date,
  viaSso = false,
) {
  const cookie = newOpaqueToken();
  const id = hashToken(cookie);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insert(sessions)
    .values({ id, userId, isMfaVerified, viaSso, createdAt: now, lastSeenAt: now, expiresAt });
  // The member's expired rows are removed on the write path (through the user index) rather than by a job.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  return { cookie, id, expiresAt };
}

/** The live session behind a cookie value with its member and company; null when unknown or expired. */
export async function loadSession(
  db: DbOrTx,
  cookie: string | undefined,
  now: Date,
): Promise<LoadedSession | null> {
  if (!cookie) return null;
  const [row] = await db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.id, hashToken(cookie)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: DbOrTx, session: SessionRow, now: Date) {
  if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
}

export async function markMfaVerified(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ isMfaVerified: true }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export const hasMfaEnabled = (user: SessionUser) => user.mfa === 1 && !!user.mfaSecret;

/**
 * Recomputed on every request rather than stored, so an admin's MFA reset or a company switching MFA to
 * "required" takes effect on the member's next token request. Order: prove the second factor first, then
 * change the password, then enrol.
 */
export function nextStep({ session, user, company }: LoadedSession): NextStep | 'invalid' {
  if (user.status !== 1 && user.status !== 2) return 'invalid';
  // The IdP authenticated the member: the company's MFA and password steps are the IdP's business.
  if (session.viaSso) return 'done';
  if (hasMfaEnabled(user) && !session.isMfaVerified) return 'mfa_verify';
  if (user.status === 2) return 'new_password';
  if (company.mfa === 2 && !hasMfaEnabled(user)) return 'mfa_setup';
  return 'done';
}
