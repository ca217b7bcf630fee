/**
 * 利用停止 / 利用再開 (docs/design.md §2). Deactivation is not deletion: the member keeps groups, cabinets and
 * documents, but cannot sign in, and every browser and API token of theirs stops at its next request (sessions
 * end in the same transaction; a JWT lives only as long as its session). Both are audited in that transaction.
 */
import { MemberStatus } from '@cloudsign/contract';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { endSessions, revokeSetupLinks } from '../../auth/revocation.ts';
import { isPasswordSignInAllowed } from '../../auth/sign-in-policy.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { memberAuditTarget } from './member-mappers.ts';
import { recordSessionsEnded } from './member-sessions-audit.ts';
import { loadMemberDetail } from './member-detail.ts';
import * as repo from './members.repository.ts';
import { refuseScimOwnedStatus } from './scim-owned.ts';

type Who = Pick<AuthContext, 'user' | 'isCompanyAdmin' | 'origin'>;

export async function deactivateMember(deps: AppDeps, who: Who, id: string) {
  const companyId = who.user.companyId;
  if (id === who.user.id) throw new AppError('self_forbidden', '自分自身は利用停止にできません。');
  await deps.database.db.transaction(async (tx) => {
    const admins = await repo.lockCompanyAdmins(tx, companyId);
    const current = await repo.findMember(tx, companyId, id, { forUpdate: true });
    if (!current) throw notFound();
    refuseScimOwnedStatus(current, who);
    if (current.status === MemberStatus.Deactivated)
      throw new AppError('invalid_state', 'このメンバーはすでに利用停止中です。');
    if (admins.includes(id) && admins.length <= 1)
      throw new AppError(
        'last_admin',
        '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。',
      );
    const now = deps.clock();
    await repo.updateMember(tx, companyId, id, {
      status: MemberStatus.Deactivated,
      updatedAt: now,
    });
    const ended = await endSessions(tx, [id]);
    // An invited member's setup link (or a pending reset link) would otherwise still let them in.
    await revokeSetupLinks(tx, [id]);
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'member.deactivated',
      target: memberAuditTarget(current),
      details: { status: { before: current.status, after: MemberStatus.Deactivated } },
      occurredAt: now,
    });
    await recordSessionsEnded(tx, who, current, ended, 'memberDeactivated', now);
  });
  return loadMemberDetail(deps, companyId, id);
}

/**
 * 利用再開: a member with a password signs in with it again (有効); one who never set one is back to 招待中 and
 * gets a fresh invitation through 登録メールを再送 (the old link died with the deactivation), unless his company
 * requires SSO of him: then he is 有効 and signs in through the IdP, as he did (JIT, SCIM), since the ACS
 * refuses 招待中 and a password would not sign him in.
 */
export async function restoreMember(deps: AppDeps, who: Who, id: string) {
  const companyId = who.user.companyId;
  await deps.database.db.transaction(async (tx) => {
    const current = await repo.findMember(tx, companyId, id, { forUpdate: true });
    if (!current) throw notFound();
    refuseScimOwnedStatus(current, who);
    if (current.status !== MemberStatus.Deactivated)
      throw new AppError('invalid_state', 'このメンバーは利用停止中ではありません。');
    const now = deps.clock();
    const isValid = !!current.passwordHash || !(await isPasswordSignInAllowed(tx, id));
    const status = isValid ? MemberStatus.Valid : MemberStatus.Invalid;
    await repo.updateMember(tx, companyId, id, { status, updatedAt: now });
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'member.restored',
      target: memberAuditTarget(current),
      details: { status: { before: MemberStatus.Deactivated, after: status } },
      occurredAt: now,
    });
  });
  return loadMemberDetail(deps, companyId, id);
}
