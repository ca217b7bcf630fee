/**
 * Sign-in, sign-in failure and sign-out in the audit log. A failure is recorded for an account that exists
 * (its company's log); guesses at unknown addresses belong to no company and are counted by the throttle only.
 */
import type { DbOrTx } from '../../db/client.ts';
import { deleteSession, type NextStep } from '../../auth/sessions.ts';
import { selectSessionAccount } from '../../auth/sessions.repository.ts';
import { findMemberAccount, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import { hasMemberFailureSince } from '../../auth/event-bounds.ts';
import { memberLabel } from '@cloudsign/contract';
import { recordLastSignIn } from '../../auth/last-sign-in.repository.ts';

type Account = { id: string; companyId: string; name: string; email: string };

const about = (user: Account) => ({
  companyId: user.companyId,
  actor: { id: user.id, name: user.name, email: user.email },
  target: { type: 'member' as const, id: user.id, name: memberLabel(user) },
});

/** Why a sign-in failed, as a class (never the password typed). */
export type SignInFailure =
  | 'wrong_password'
  /** The right password typed in full width (IME on): told so, not counted against the limits. */
  | 'full_width'
  | 'not_registered'
  | 'too_many_attempts'
  | 'deactivated'
  | 'sso_required'
  /** The right password from an address outside the console's IP restriction (制限する). */
  | 'ip_not_allowed'
  | 'wrong_code';

/**
 * auth.signIn is recorded when the session has passed every step it needs (password, second factor, new
 * password, MFA enrolment: `step` is then 'done'), in the transaction that completes it, so the log never
 * says a member signed in who stopped at the second factor. 最終ログイン日時 is written with it, the one write
 * a sign-in costs the member's row.
 */
export async function recordSignInWhenDone(
  tx: DbOrTx,
  step: NextStep | 'invalid',
  user: Account,
  origin: RequestOrigin | undefined,
) {
  if (step !== 'done') return;
  await recordAuditEvent(tx, { ...about(user), origin, action: 'auth.signIn' });
  await recordLastSignIn(tx, user.id, new Date());
}

export async function recordSignInFailure(
  db: DbOrTx,
  user: Account,
  reason: SignInFailure,
  origin: RequestOrigin | undefined,
  occurredAt?: Date,
) {
  await recordAuditEvent(db, {
    ...about(user),
    origin,
    action: 'auth.signInFailed',
    details: { reason },
    occurredAt,
  });
}

/**
 * A refused attempt while the account waits (login limits) is recorded once per wait, not once per request:
 * anyone can send them without signing in, and each would otherwise add an event to the victim's company log.
 * `since` is when the wait began (its latest failure, itself recorded); `now` dates the event on the same clock.
 */
export async function recordThrottled(
  db: DbOrTx,
  user: Account,
  wait: { since: Date | null; now: Date },
  origin: RequestOrigin | undefined,
) {
  if (wait.since && (await hasMemberFailureSince(db, user, 'too_many_attempts', wait.since)))
    return;
  await recordSignInFailure(db, user, 'too_many_attempts', origin, wait.now);
}

/**
 * 「パスワードをお忘れの方」 for an address of the member: recorded in his company's log, with whether a link
 * was mailed (false while his company requires SSO, or for an invited or deactivated member).
 */
export async function recordResetRequested(
  tx: DbOrTx,
  user: Account,
  mailed: boolean,
  origin: RequestOrigin | undefined,
) {
  await recordAuditEvent(tx, {
    ...about(user),
    origin,
    action: 'auth.passwordResetRequested',
    details: { mailed },
  });
}

/** Ends the session and records who signed out, together. */
export async function signOut(
  db: DbOrTx,
  sessionId: string,
  action: 'auth.signOut',
  origin: RequestOrigin | undefined,
) {
  await db.transaction(async (tx) => {
    const row = await selectSessionAccount(tx, sessionId);
    await deleteSession(tx, sessionId);
    if (row) await recordAuditEvent(tx, { ...about(row), origin, action });
  });
}

/** What a member does to their own account (MFA set up, password set or reset), by and about themselves. */
export type OwnAccountAction = 'auth.mfaSetUp' | 'auth.passwordSet' | 'auth.passwordReset';

export async function recordOwnAccountEvent(
  tx: DbOrTx,
  userId: string,
  action: OwnAccountAction,
  origin: RequestOrigin | undefined,
) {
  const user = await findMemberAccount(tx, userId);
  if (user) await recordAuditEvent(tx, { ...about(user), origin, action });
}
