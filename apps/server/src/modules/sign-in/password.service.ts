/**
 * Setting a new password, from the login's "new password" step, an invitation's setup link or a reset link. The password,
 * the end of the member's other sign-ins and the end of their browsers' exemption from login limits commit
 * together, so a half-done change never leaves an old browser signed in (docs/design.md §1).
 */
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { forgetDevices } from '../../auth/known-devices.ts';
import { consumeSetupLink } from '../../auth/password-setup.ts';
import { revokeSetupLinks } from '../../auth/revocation.ts';
import { deleteOtherSessions, findUserByEmail, setPassword } from './sign-in.repository.ts';
import { issuePasswordResetLink, reserveResetRequest } from '../../auth/password-reset.ts';
import type { AppDeps } from '../../deps.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import {
  recordOwnAccountEvent,
  recordResetRequested,
  recordSignInWhenDone,
} from './sign-in-audit.ts';
import type { NextStep } from '../../auth/sessions.ts';
import { isPasswordSignInAllowed } from '../../auth/sign-in-policy.ts';

/** A signed-in member replaces their password: this browser stays signed in and known, every other one is not. */
export async function replacePassword(
  db: Db,
  who: {
    user: { id: string; companyId: string; name: string; email: string };
    sessionId: string;
    deviceCookie: string | undefined;
  },
  passwordHash: string,
  now: Date,
  /** The session's step after the change: the sign-in is recorded when it is complete. */
  next: NextStep | 'invalid',
  origin?: RequestOrigin,
) {
  const userId = who.user.id;
  await db.transaction(async (tx) => {
    await setPassword(tx, userId, passwordHash, now);
    // Only asked after an admin's reset (status 2): the member completing that reset.
    await recordOwnAccountEvent(tx, userId, 'auth.passwordReset', origin);
    await recordSignInWhenDone(tx, next, who.user, origin);
    await deleteOtherSessions(tx, userId, who.sessionId);
    await forgetDevices(tx, [userId], who.deviceCookie);
    // A reset link mailed before the change must not undo it.
    await revokeSetupLinks(tx, [userId]);
  });
}

/**
 * A setup link sets the first password once, even when two submits race: only the request that marks the
 * link used writes. False when another request consumed it first.
 */
export async function setPasswordByLink(
  db: Db,
  link: { tokenId: string; userId: string },
  passwordHash: string,
  now: Date,
  audit: { action: 'auth.passwordSet' | 'auth.passwordReset'; origin?: RequestOrigin },
) {
  return db.transaction(async (tx) => {
    if (!(await consumeSetupLink(tx, link.tokenId, now))) return false;
    await setPassword(tx, link.userId, passwordHash, now);
    await recordOwnAccountEvent(tx, link.userId, audit.action, audit.origin);
    await deleteOtherSessions(tx, link.userId, null);
    await forgetDevices(tx, [link.userId]);
    await revokeSetupLinks(tx, [link.userId], link.tokenId);
    return true;
  });
}

/**
 * 「パスワードをお忘れの方」: counts the request against the limits and queues it. The same two writes for every
 * address, and nothing mailed before the answer, so the answer's time says nothing about the address
 * (mailResetLink decides in the job).
 */
export async function requestPasswordReset(
  deps: AppDeps,
  key: { email: string; ip: string },
  origin?: RequestOrigin,
): Promise<'limited' | 'answered'> {
  if (!(await reserveResetRequest(deps.database.db, key, deps.clock()))) return 'limited';
  await deps.jobs.send(passwordResetJob, { email: key.email, origin });
  return 'answered';
}

export const PASSWORD_RESET_JOB = 'password-reset.request';
const ZPasswordResetRequest = z.object({
  email: z.string().min(1),
  origin: z.object({ ip: z.string(), userAgent: z.string(), requestId: z.string() }).optional(),
}) satisfies z.ZodType<{ email: string; origin?: RequestOrigin }>;
export type PasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;
export const passwordResetJob = jobKind(PASSWORD_RESET_JOB, ZPasswordResetRequest);

/**
 * The job of a reset request: mails a link when the address belongs to a member who has a password and may
 * use one, and records the request in the member's company log (bounded by the request limits). Invited
 * members (status 0) have no password to reset: their invitation is the way in; a deactivated member (3) may
 * not get back in through a reset, nor a member whose company requires SSO (only its break-glass exceptions
 * keep a password). Unknown addresses belong to no company: nothing to record.
 */
export async function mailResetLink(deps: AppDeps, { email, origin }: PasswordResetRequest) {
  const db = deps.database.db;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const mailed =
    user.status !== 0 && user.status !== 3 && (await isPasswordSignInAllowed(db, user.id));
  await db.transaction(async (tx) => {
    if (mailed) await issuePasswordResetLink(deps, tx, user);
    await recordResetRequested(tx, user, mailed, origin);
  });
}
