/**
 * アカウント設定 (issue 32): every member reads his account, changes his own password and ends his own
 * sessions. The password change obeys the sign-in's rules and limits: the same new-password rules as the
 * site's pages, and a wrong current password counts as a failed sign-in (auth/login-throttle.ts), so the page
 * is no way round the login delays.
 */
import { memberLabel, type TAccount, type TAccountSession } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import { forgetDevices } from '../../auth/known-devices.ts';
import {
  releaseLoginAttempt,
  reserveLoginAttempt,
  retryAfterText,
} from '../../auth/login-throttle.ts';
import {
  checkNewPassword,
  halfWidthOf,
  hashPassword,
  verifyPassword,
} from '../../auth/passwords.ts';
import { revokeSetupLinks } from '../../auth/revocation.ts';
import { isPasswordSignInAllowed } from '../../auth/sign-in-policy.ts';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { browserLabel } from './browser-label.ts';
import * as repo from './account.repository.ts';

export const WRONG_CURRENT_PASSWORD = '現在のパスワードが正しくありません。';
export const CURRENT_PASSWORD_FULL_WIDTH =
  '現在のパスワードが全角で入力されています。入力モード（IME）をオフにして、半角で入力し直してください。';
export const PASSWORD_BY_SSO =
  'この組織ではシングルサインオン（SSO）でログインするため、パスワードは変更できません。';
const SLOWED = (seconds: number) =>
  `現在のパスワードの入力の誤りが続いたため、一時的に変更を制限しています。${retryAfterText(seconds)}にもう一度お試しください。`;

const selfTarget = (auth: AuthContext) => ({
  type: 'member' as const,
  id: auth.user.id,
  name: memberLabel(auth.user),
});

export async function getAccount(deps: AppDeps, auth: AuthContext): Promise<TAccount> {
  const isPasswordAllowed = await isPasswordSignInAllowed(deps.database.db, auth.user.id);
  return {
    name: auth.user.name,
    email: auth.user.email,
    isSsoManaged: !isPasswordAllowed,
    canChangePassword: isPasswordAllowed,
  };
}

/** Proves the current password under the sign-in limits; throws the field's message when it is wrong. */
async function proveCurrentPassword(deps: AppDeps, auth: AuthContext, current: string) {
  const db = deps.database.db;
  const now = deps.clock();
  const key = { email: auth.user.email, ip: auth.origin?.ip ?? '', device: null };
  const reserved = await reserveLoginAttempt(db, key, now);
  if (!('attemptId' in reserved)) throw new AppError('rate_limited', SLOWED(reserved.wait));
  const hash = await repo.selectPasswordHash(db, auth.user.id);
  if (await verifyPassword(hash, current)) {
    await releaseLoginAttempt(db, reserved.attemptId);
    return;
  }
  // The right password typed with the input mode on is told as such and not counted, as at sign-in.
  const halfWidth = halfWidthOf(current);
  if (halfWidth !== null && (await verifyPassword(hash, halfWidth))) {
    await releaseLoginAttempt(db, reserved.attemptId);
    throw fieldError('currentPassword', CURRENT_PASSWORD_FULL_WIDTH);
  }
  throw fieldError('currentPassword', WRONG_CURRENT_PASSWORD);
}

/**
 * The new password, the end of the member's other sessions, of his mailed setup and reset links and of his
 * browsers' exemption from the login limits commit together (as the site's password pages do): whoever
 * knew the old password loses every way back in.
 */
export async function changePassword(
  deps: AppDeps,
  auth: AuthContext,
  body: { currentPassword: string; password: string; confirmation: string },
) {
  if (!(await isPasswordSignInAllowed(deps.database.db, auth.user.id)))
    throw new AppError('forbidden', PASSWORD_BY_SSO);
  // The new password's rules first: a form that is wrong anyway costs no sign-in attempt.
  const problems = checkNewPassword(body.password, body.confirmation);
  const details = Object.entries(problems).map(([path, message]) => ({ path, message }));
  if (details.length > 0) throw new AppError('validation_failed', details[0]!.message, details);
  await proveCurrentPassword(deps, auth, body.currentPassword);
  const passwordHash = await hashPassword(body.password);
  const now = deps.clock();
  const endedSessions = await deps.database.db.transaction(async (tx) => {
    await repo.updateOwnPassword(tx, auth.user.id, passwordHash, now);
    const ended = await repo.deleteOwnOtherSessions(tx, auth.user.id, auth.sessionId);
    await revokeSetupLinks(tx, [auth.user.id]);
    await forgetDevices(tx, [auth.user.id]);
    await recordAuditEvent(tx, {
      ...auditBy(auth),
      action: 'auth.passwordChanged',
      target: selfTarget(auth),
      details: { sessions: ended },
      occurredAt: now,
    });
    return ended;
  });
  return { endedSessions };
}

export async function listSessions(deps: AppDeps, auth: AuthContext): Promise<TAccountSession[]> {
  const rows = await repo.selectOwnSessions(deps.database.db, auth.user.id, deps.clock());
  // This browser first: the member reads the list as 「ここ」 and then 「ほかの端末」.
  const current = rows.filter((r) => r.id === auth.sessionId);
  return [...current, ...rows.filter((r) => r.id !== auth.sessionId)].map((r) => ({
    id: r.publicId,
    browser: browserLabel(r.userAgent),
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    isCurrent: r.id === auth.sessionId,
    viaSso: r.viaSso,
  }));
}

/** The ending as the audit log's セッションの無効化, by and about the member himself. */
async function recordEnded(tx: DbOrTx, auth: AuthContext, ended: number, reason: string) {
  await recordAuditEvent(tx, {
    ...auditBy(auth),
    action: 'auth.sessionsRevoked',
    target: selfTarget(auth),
    details: { reason, sessions: ended },
  });
}

/** 「このセッションを終了」: one of the member's own sessions, by its public id; another's id answers 404. */
export async function endSession(deps: AppDeps, auth: AuthContext, publicId: string) {
  const endedSessions = await deps.database.db.transaction(async (tx) => {
    const ended = await repo.deleteOwnSession(tx, auth.user.id, publicId);
    if (ended === 0) throw new AppError('not_found', 'ご指定のセッションが見つかりませんでした。');
    await recordEnded(tx, auth, ended, 'endedByMember');
    return ended;
  });
  return { endedSessions };
}

/** 「ほかのすべてのセッションを終了」: every session but this one; nothing recorded when none was open. */
export async function endOtherSessions(deps: AppDeps, auth: AuthContext) {
  const endedSessions = await deps.database.db.transaction(async (tx) => {
    const ended = await repo.deleteOwnOtherSessions(tx, auth.user.id, auth.sessionId);
    if (ended > 0) await recordEnded(tx, auth, ended, 'othersEndedByMember');
    return ended;
  });
  return { endedSessions };
}
