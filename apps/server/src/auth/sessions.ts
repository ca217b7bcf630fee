/**
 * Site sessions (docs/design.md §1): an opaque random cookie value, stored only as its SHA-256, with an absolute
 * expiry. `nextStep` decides, from the session and the member's current state, what the member must still do
 * before the session may mint API tokens (second factor, new password, MFA enrolment).
 */
import { DEFAULT_SESSION_MAX_HOURS } from '@cloudsign/contract';
import type { DbOrTx } from '../db/client.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import * as repo from './sessions.repository.ts';
import type { LoadedSession, SessionRow, SessionUser } from './sessions.repository.ts';

export type {
  LoadedSession,
  SessionCompany,
  SessionRow,
  SessionUser,
} from './sessions.repository.ts';
export { deleteSession, selectSignInSecrets as signInSecrets } from './sessions.repository.ts';

export const SESSION_COOKIE = 'cs_session';
/** A company's default session length (companies.session_max_hours; 企業設定 › セキュリティ changes it). */
export const SESSION_TTL_MS = DEFAULT_SESSION_MAX_HOURS * 3600 * 1000;
/**
 * lastSeenAt (what the idle timeout measures) is refreshed at most this often, by the site's token refresh
 * and by api requests alike, so use costs at most one write a minute per session (docs/decisions.md).
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
const USER_AGENT_MAX = 512;

export type NextStep = 'mfa_verify' | 'new_password' | 'mfa_setup' | 'done';

export async function createSession(
  db: DbOrTx,
  userId: string,
  isMfaVerified: boolean,
  now: Date,
  viaSso = false,
  /** Where the sign-in came from, shown in the member's own session list (アカウント設定). */
  origin?: { ip: string; userAgent: string },
) {
  const cookie = newOpaqueToken();
  const id = hashToken(cookie);
  // The company's length at sign-in; a later change of it rewrites expires_at (modules/session-limits).
  const hours = (await repo.sessionMaxHoursOf(db, userId)) ?? DEFAULT_SESSION_MAX_HOURS;
  const expiresAt = new Date(now.getTime() + hours * 3600 * 1000);
  await repo.insertSession(
    db,
    {
      id,
      userId,
      isMfaVerified,
      viaSso,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      // A header is the caller's to fill: kept to a size a list shows, so a session row stays small.
      userAgent: (origin?.userAgent ?? '').slice(0, USER_AGENT_MAX),
      ip: origin?.ip ?? '',
    },
    now,
  );
  return { cookie, id, expiresAt };
}

/** The live session behind a cookie value with its member and company; null when unknown or expired. */
export async function loadSession(
  db: DbOrTx,
  cookie: string | undefined,
  now: Date,
): Promise<LoadedSession | null> {
  if (!cookie) return null;
  return repo.selectLiveSession(db, hashToken(cookie), now);
}

export async function touchSession(
  db: DbOrTx,
  session: Pick<SessionRow, 'id' | 'lastSeenAt'>,
  now: Date,
) {
  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return;
  await repo.touchSessionIfOlder(db, session.id, now, SESSION_TOUCH_INTERVAL_MS);
}

/** Why the session behind a cookie ended, when a company limit ended it (the login page says so). */
export async function sessionEndOf(db: DbOrTx, cookie: string | undefined, now: Date) {
  if (!cookie) return null;
  return repo.selectSessionEnd(db, hashToken(cookie), now);
}

export async function markMfaVerified(db: DbOrTx, sessionId: string) {
  await repo.updateSession(db, sessionId, { isMfaVerified: true });
}

/** The session is a password one that the company's SSO requirement no longer allows (nextStep: invalid). */
export const isRefusedBySso = ({ session, isPasswordAllowed }: LoadedSession) =>
  !session.viaSso && !isPasswordAllowed;

export const hasMfaEnabled = (user: Pick<SessionUser, 'mfa' | 'hasMfaSecret'>) =>
  user.mfa === 1 && user.hasMfaSecret;

/**
 * Recomputed on every request rather than stored, so an admin's MFA reset (which also ends the member's
 * sessions) takes effect at once. A company switching 2要素認証 to required asks for enrolment from the next
 * sign-in, as the settings page promises: a session that started before keeps working until it ends (at most
 * the company's session length), rather than sending the member away in the middle of a typed form. Order: prove the second factor
 * first, then change the password, then enrol.
 */
const startedUnderMfaRequirement = ({ session, company }: LoadedSession) =>
  company.mfaRequiredAt === null || session.createdAt >= company.mfaRequiredAt;

export function nextStep(loaded: LoadedSession): NextStep | 'invalid' {
  const { session, user, company } = loaded;
  if (user.status !== 1 && user.status !== 2) return 'invalid';
  // The IdP authenticated the member: the company's MFA and password steps are the IdP's business.
  if (session.viaSso) return 'done';
  // A password session of a company that requires SSO, for a member who is no break-glass exception,
  // goes no further at any step (MFA, new password, enrolment, token), however old it is.
  if (isRefusedBySso(loaded)) return 'invalid';
  if (hasMfaEnabled(user) && !session.isMfaVerified) return 'mfa_verify';
  if (user.status === 2) return 'new_password';
  if (company.mfa === 2 && !hasMfaEnabled(user) && startedUnderMfaRequirement(loaded))
    return 'mfa_setup';
  return 'done';
}
