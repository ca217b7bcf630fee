/**
 * The password step of signing in (docs/design.md §1). Unknown email, invited member (status 0) and wrong
 * password all answer `invalid` after the same argon2 work, so responses reveal nothing about accounts.
 * A browser known to the account (its device cookie) is limited by its own failures only (login-throttle.ts).
 */
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { halfWidthOf, hasFullWidth, verifyPassword } from '../../auth/passwords.ts';
import {
  createSession,
  deleteSession,
  hasMfaEnabled,
  loadSession,
  nextStep,
  type NextStep,
} from '../../auth/sessions.ts';
import {
  clearOwnFailures,
  releaseLoginAttempt,
  reserveLoginAttempt,
} from '../../auth/login-throttle.ts';
import { knownDeviceOf, rememberDevice } from '../../auth/known-devices.ts';
import { hashToken } from '../../auth/tokens.ts';
import { recordSignInFailure, recordSignInWhenDone, recordThrottled } from './sign-in-audit.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import { normalizeEmail } from '../../lib/email.ts';
import { findUserByEmail } from './sign-in.repository.ts';
import { MemberStatus } from '@cloudsign/contract';
import { isPasswordSignInAllowed } from '../../auth/sign-in-policy.ts';
import { refusedSignInAddress } from './sign-in-ip.ts';

export type LoginResult =
  | { kind: 'blocked'; retryAfterSeconds: number }
  /** `fullWidth`: the typed password held full-width characters (IME on); the page says so. */
  | { kind: 'invalid'; fullWidth?: boolean }
  /** The right password typed with the input mode on: said, and not counted as a failure. */
  | { kind: 'full_width' }
  | { kind: 'deactivated' }
  | { kind: 'sso_required' }
  /** The right password from outside the company's console addresses (制限する): no session. */
  | { kind: 'ip_not_allowed'; address: string }
  | {
      kind: 'ok';
      cookie: string;
      expiresAt: Date;
      deviceCookie: string | null;
      /** Where the new session stands: the browser goes on to this step. */
      step: NextStep | 'invalid';
    };

export { normalizeEmail };

export async function attemptLogin(
  deps: AppDeps,
  input: {
    email: string;
    password: string;
    ip: string;
    previousCookie?: string;
    deviceCookie?: string;
    origin?: RequestOrigin;
  },
): Promise<LoginResult> {
  const db = deps.database.db;
  const now = deps.clock();
  const email = normalizeEmail(input.email);
  const user = email ? await findUserByEmail(db, email) : null;
  const key = {
    email,
    ip: input.ip,
    device: await knownDeviceOf(db, input.deviceCookie, user?.id),
  };
  // The attempt counts as a failure until the password proves otherwise (simultaneous guesses, see there).
  const attempt = await reserveLoginAttempt(db, key, now);
  if ('since' in attempt) {
    if (user) await recordThrottled(db, user, { since: attempt.since, now }, input.origin);
    return { kind: 'blocked', retryAfterSeconds: attempt.wait };
  }

  const canLogIn = user && (user.status === 1 || user.status === 2);
  const deactivated = user?.status === MemberStatus.Deactivated;
  const ok = await verifyPassword(
    canLogIn || deactivated ? user.passwordHash : null,
    input.password,
  );
  // 利用停止 is said only to whoever knows the password: nobody else learns the account exists.
  if (ok && user && deactivated) {
    await recordSignInFailure(db, user, 'deactivated', input.origin);
    return { kind: 'deactivated' };
  }
  if (!ok) {
    // Typed with the IME on? Checked only past the limits (the attempt is reserved) and only with a password
    // that folds to another one, so it costs one more argon2 verification, alike for every address.
    const folded = halfWidthOf(input.password);
    if (folded !== null) {
      const meant = await verifyPassword(canLogIn ? user.passwordHash : null, folded);
      if (meant && user) {
        await releaseLoginAttempt(db, attempt.attemptId);
        await recordSignInFailure(db, user, 'full_width', input.origin);
        return { kind: 'full_width' };
      }
    }
  }
  if (!ok || !user) {
    if (user)
      await recordSignInFailure(
        db,
        user,
        canLogIn ? 'wrong_password' : 'not_registered',
        input.origin,
      );
    return { kind: 'invalid', fullWidth: hasFullWidth(input.password) };
  }
  // The email step hands SSO members to their IdP; this holds for whoever reaches the password anyway (an
  // exception demoted since, SSO switched on meanwhile). Told only to whoever knows the password.
  if (!(await isPasswordSignInAllowed(db, user.id))) {
    await recordSignInFailure(db, user, 'sso_required', input.origin);
    return { kind: 'sso_required' };
  }
  const refusedFrom = await refusedSignInAddress(deps, user, input.origin);
  if (refusedFrom !== null) {
    // The password was right: no guess to count against the limits.
    await releaseLoginAttempt(db, attempt.attemptId);
    return { kind: 'ip_not_allowed', address: refusedFrom };
  }
  await clearOwnFailures(db, key);
  // With a second factor, the browser becomes known only once it passes it (mfa.routes.ts): knowing the
  // password alone must not buy a fresh allowance of code guesses.
  const deviceCookie = hasMfaEnabled({ mfa: user.mfa, hasMfaSecret: user.mfaSecret !== null })
    ? null
    : await rememberDevice(db, input.deviceCookie, user.id, now);
  // A fresh session id on every login (no fixation); the previous session of this browser ends.
  if (input.previousCookie) await deleteSession(db, hashToken(input.previousCookie));
  const { session, step } = await openPasswordSession(db, user, now, input.origin);
  return { kind: 'ok', cookie: session.cookie, expiresAt: session.expiresAt, deviceCookie, step };
}

/**
 * A new session after a proven password (the login's password step, a reset link) and the step it is at,
 * read once; auth.signIn is recorded with it when no step is left (sign-in-audit.ts).
 */
export async function openPasswordSession(
  db: Db,
  user: { id: string; companyId: string; name: string; email: string },
  now: Date,
  origin: RequestOrigin | undefined,
) {
  return db.transaction(async (tx) => {
    const session = await createSession(tx, user.id, false, now, false, origin);
    const loaded = await loadSession(tx, session.cookie, now);
    const step = loaded ? nextStep(loaded) : 'invalid';
    await recordSignInWhenDone(tx, step, user, origin);
    return { session, step };
  });
}
