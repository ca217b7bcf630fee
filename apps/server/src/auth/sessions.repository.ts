/** The sessions table: site sessions and the session behind an API token (the only SQL of sessions). */
import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { MemberStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../db/client.ts';
import { preparedPerHandle } from '../db/prepared.ts';
import { companies, sessions, users } from '../db/schema.ts';
import { passwordSignInAllowed } from './sign-in-policy.sql.ts';
import { idleCutoffPassed, sessionIsLive, usedWithinIdleTimeout } from './session-limits.sql.ts';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * What a request needs of its member, and no more: the password hash, the MFA secret and the backup codes stay
 * out, so they never travel in a request's context; the steps that check them read them there
 * (`selectSignInSecrets`). Every API request reads these.
 */
const sessionUserColumns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  name: users.name,
  organization: users.organization,
  roles: users.roles,
  status: users.status,
  mfa: users.mfa,
  hasMfaSecret: sql<boolean>`(${users.mfaSecret} is not null)`,
};
export type SessionUser = Pick<
  typeof users.$inferSelect,
  'id' | 'companyId' | 'email' | 'name' | 'organization' | 'roles' | 'status' | 'mfa'
> & { hasMfaSecret: boolean };
export type SessionCompany = typeof companies.$inferSelect;
export type LoadedSession = {
  session: SessionRow;
  user: SessionUser;
  company: SessionCompany;
  /** The company's policy lets this member hold a password session now (sign-in-policy.sql.ts). */
  isPasswordAllowed: boolean;
};

/** Inserts the session and removes the member's expired rows (through the user index, not a job). */
export async function insertSession(db: DbOrTx, row: typeof sessions.$inferInsert, now: Date) {
  await db.insert(sessions).values(row);
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, row.userId), lt(sessions.expiresAt, now)));
}

export async function selectLiveSession(
  db: DbOrTx,
  id: string,
  now: Date,
): Promise<LoadedSession | null> {
  const [row] = await db
    .select({
      session: sessions,
      user: sessionUserColumns,
      company: companies,
      isPasswordAllowed: passwordSignInAllowed,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.id, id), sessionIsLive(now)))
    .limit(1);
  return row ?? null;
}

/**
 * Why a session the site no longer accepts ended, when one of the company's limits ended it: its length
 * (`session_expired`) or the idle timeout (`idle_timeout`); null for an unknown or signed-out one.
 */
export async function selectSessionEnd(
  db: DbOrTx,
  id: string,
  now: Date,
): Promise<'idle_timeout' | 'session_expired' | null> {
  const [row] = await db
    .select({
      expired: sql<boolean>`(${sessions.expiresAt} <= ${now.toISOString()}::timestamptz)`,
      idle: idleCutoffPassed(sql`${now.toISOString()}::timestamptz`),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (row.expired) return 'session_expired';
  return row.idle ? 'idle_timeout' : null;
}

/** Inserts the session with the company's length (companies.session_max_hours) as its expiry. */
export async function sessionMaxHoursOf(db: DbOrTx, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ hours: companies.sessionMaxHours })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.hours ?? null;
}

/**
 * Records use of the session at most once per `intervalMs` (one write a minute per session, whatever the
 * number of requests or processes): the condition makes a concurrent second write a no-op.
 */
export async function touchSessionIfOlder(db: DbOrTx, id: string, now: Date, intervalMs: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, new Date(now.getTime() - intervalMs))));
}

export async function updateSession(
  db: DbOrTx,
  id: string,
  set: { lastSeenAt?: Date; isMfaVerified?: boolean },
) {
  await db.update(sessions).set(set).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends the members' sessions, except the one in use when given. */
export async function deleteSessionsOf(
  db: DbOrTx,
  userIds: readonly string[],
  keepSessionId?: string | null,
) {
  if (userIds.length === 0) return 0;
  const ofUsers = inArray(sessions.userId, [...userIds]);
  const ended = await db
    .delete(sessions)
    .where(keepSessionId ? and(ofUsers, ne(sessions.id, keepSessionId)) : ofUsers)
    .returning({ id: sessions.id });
  return ended.length;
}

function sessionUserQuery(db: DbOrTx) {
  return db
    .select({ user: sessionUserColumns, company: companies, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // The company's idle timeout ends it for the api too, on every process at once (it is read here).
        usedWithinIdleTimeout(sql`${sql.placeholder('nowText')}::timestamptz`),
        eq(users.id, sql.placeholder('userId')),
        eq(users.companyId, sql.placeholder('companyId')),
        // Sessions end on 利用停止; this keeps a token out even if one were left behind.
        ne(users.status, MemberStatus.Deactivated),
        // A password session ends for the api too once the company requires SSO and the member is no
        // exception: the token minted before that must not outlive it.
        or(eq(sessions.viaSso, true), passwordSignInAllowed),
      ),
    )
    .limit(1)
    .prepare('session_user');
}

/** Every API request runs it. */
const sessionUser = preparedPerHandle(sessionUserQuery);

/** The member and company of an API token's live session, or null. */
export async function findSessionUser(
  db: DbOrTx,
  ids: { sessionId: string; userId: string; companyId: string },
  now = new Date(),
) {
  const [row] = await sessionUser(db).execute({ ...ids, now, nowText: now.toISOString() });
  return row ?? null;
}

/** Who holds the session (for the audit log's sign-out event), or null. */
export async function selectSessionAccount(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, name: users.name, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

/** The secrets a sign-in step checks (password change, second factor), read by that step only. */
export async function selectSignInSecrets(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      passwordHash: users.passwordHash,
      mfaSecret: users.mfaSecret,
      mfaBackupCodes: users.mfaBackupCodes,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
