/**
 * What an admin does to a member's sign-in (docs/design.md §1–§2): resend the invitation, send a password reset
 * link, reset the second factor. Each runs in one transaction with its mail token, session ends and audit event.
 */
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import { issuePasswordResetLink } from '../../auth/password-reset.ts';
import { endSessions } from '../../auth/revocation.ts';
import { isPasswordSignInAllowed } from '../../auth/sign-in-policy.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { inviterOf, memberAuditTarget } from './member-mappers.ts';
import { recordSessionsEnded } from './member-sessions-audit.ts';
import { loadMemberDetail } from './member-detail.ts';
import * as repo from './members.repository.ts';

type Who = Pick<AuthContext, 'user' | 'isCompanyAdmin' | 'origin'> & { sessionId?: string };

export async function remindRegister(deps: AppDeps, who: Who, id: string) {
  const companyId = who.user.companyId;
  await deps.database.db.transaction(async (tx) => {
    const current = await repo.findMember(tx, companyId, id, { forUpdate: true });
    if (!current) throw notFound();
    if (current.status !== 0) {
      throw new AppError(
        'invalid_state',
        'このメンバーは登録済みのため、登録メールは再送できません。',
      );
    }
    // A new link replaces the old one ("the old link dies").
    await issuePasswordSetupLink(deps, tx, current, inviterOf(who));
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'member.invitationResent',
      target: memberAuditTarget(current),
      occurredAt: deps.clock(),
    });
  });
  return loadMemberDetail(deps, companyId, id);
}

/**
 * パスワード再設定メールを送る: a one-time reset link (60 minutes) naming the admin; the member's browsers are
 * signed out at once, since the admin may be acting on a compromised account.
 */
export async function sendPasswordReset(deps: AppDeps, who: Who, id: string) {
  const companyId = who.user.companyId;
  await deps.database.db.transaction(async (tx) => {
    const current = await repo.findMember(tx, companyId, id, { forUpdate: true });
    if (!current) throw notFound();
    if (current.status === 0) {
      throw new AppError(
        'invalid_state',
        'このメンバーはまだパスワードを設定していません。登録メールを再送してください。',
      );
    }
    // A reset link signs in with a password: while SSO is required, only for the break-glass exceptions.
    if (!(await isPasswordSignInAllowed(tx, id))) {
      throw new AppError(
        'invalid_state',
        'この組織ではシングルサインオン（SSO）でログインするため、このメンバーにはパスワード再設定メールを送れません。パスワードでログインできるのは SSO の例外に指定された管理者だけです。',
      );
    }
    await issuePasswordResetLink(deps, tx, current, inviterOf(who));
    const now = deps.clock();
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'member.passwordResetSent',
      target: memberAuditTarget(current),
      occurredAt: now,
    });
    const ended = await endSessions(tx, [id], id === who.user.id ? who.sessionId : undefined);
    await recordSessionsEnded(tx, who, current, ended, 'passwordReset', now);
  });
  return loadMemberDetail(deps, companyId, id);
}

export async function resetMfa(deps: AppDeps, who: Who, id: string) {
  const companyId = who.user.companyId;
  await deps.database.db.transaction(async (tx) => {
    const row = await repo.updateMember(tx, companyId, id, {
      mfa: 2,
      mfaSecret: null,
      mfaBackupCodes: [],
      mfaLastStep: null,
      updatedAt: deps.clock(),
    });
    if (!row) throw notFound();
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'member.mfaReset',
      target: memberAuditTarget(row),
      occurredAt: deps.clock(),
    });
    // A reset answers a lost or exposed second factor: browsers that passed it sign in again (the caller's own stays).
    const ended = await endSessions(tx, [id], id === who.user.id ? who.sessionId : undefined);
    await recordSessionsEnded(tx, who, row, ended, 'mfaReset', deps.clock());
  });
  return loadMemberDetail(deps, companyId, id);
}
