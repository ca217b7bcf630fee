/**
 * 利用停止 / 利用再開 (docs/design.md §2). Deactivation is not deletion: the member keeps groups, cabinets and
 * documents, but cannot sign in, and every browser and API token of theirs stops at its next request (sessions
 * end in the same transaction; a JWT lives only as long as its session). Both are audited in that transaction.
 * A leaver from provisioning (deactivateWithHandOver) also hands what he held to a 移管先 in it.
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
import * as holdings from './member-holdings.repository.ts';
import { lastAdmin } from './members.service.ts';
import type { DbOrTx } from '../../db/client.ts';
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
    if (admins.includes(id) && admins.length <= 1) throw lastAdmin();
    await writeDeactivation(tx, who, current, deps.clock());
  });
  return loadMemberDetail(deps, companyId, id);
}

/** 利用停止 after the caller's checks: sessions and setup links end with it; `handOver` goes into its event. */
async function writeDeactivation(
  tx: DbOrTx,
  who: Parameters<typeof auditBy>[0],
  current: repo.UserRow,
  now: Date,
  handOver: Record<string, unknown> = {},
) {
  await repo.updateMember(tx, who.user.companyId, current.id, {
    status: MemberStatus.Deactivated,
    updatedAt: now,
  });
  const ended = await endSessions(tx, [current.id]);
  // An invited member's setup link (or a pending reset link) would otherwise still let them in.
  await revokeSetupLinks(tx, [current.id]);
  await recordAuditEvent(tx, {
    ...auditBy(who),
    action: 'member.deactivated',
    target: memberAuditTarget(current),
    details: { status: { before: current.status, after: MemberStatus.Deactivated }, ...handOver },
    occurredAt: now,
  });
  await recordSessionsEnded(tx, who, current, ended, 'memberDeactivated', now);
}

/** The 移管先 the company's rule names for a leaver, his row locked (provisioning/leavers.service.ts). */
type SuccessorFor = (
  tx: DbOrTx,
  companyId: string,
  leaverId: string,
) => Promise<{ member: repo.UserRow; rule: string } | null>;

/**
 * 利用停止 of a leaver from provisioning, inside `tx` (the member row locked, the last-admin rule checked), with
 * the hand-over of what he held (a cabinet he administers alone, documents he sent) to `successorFor`'s pick.
 * `who`: the admin who applied a queued row, else the provisioning token.
 */
export async function deactivateWithHandOver(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'clock'>,
  who: Parameters<typeof auditBy>[0],
  memberId: string,
  successorFor: SuccessorFor,
) {
  const companyId = who.user.companyId;
  const admins = await repo.lockCompanyAdmins(tx, companyId);
  const current = await repo.findMember(tx, companyId, memberId, { forUpdate: true });
  if (!current) throw notFound();
  if (current.status === MemberStatus.Deactivated) return { state: 'unchanged' as const };
  if (admins.includes(memberId) && admins.length <= 1) throw lastAdmin();
  const cabinets = await holdings.findAdministeredCabinets(tx, companyId, memberId);
  const alone = cabinets.filter((c) => c.otherAdmins === 0);
  const documents = await holdings.countSentDocuments(tx, companyId, memberId);
  const now = deps.clock();
  let handOver: Record<string, unknown> = {};
  let successor: { id: string; name: string; email: string } | null = null;
  if (alone.length > 0 || documents > 0) {
    const found = await successorFor(tx, companyId, memberId);
    if (found) {
      const moved = await holdings.transferHoldings(tx, companyId, [
        { from: memberId, to: found.member.id },
      ]);
      successor = { id: found.member.id, name: found.member.name, email: found.member.email };
      handOver = {
        successor,
        successorRule: found.rule,
        cabinets: cabinets.map((c) => c.name),
        documents: moved.documents,
      };
    } else {
      handOver = { successor: null, cabinets: alone.map((c) => c.name), documents };
    }
  }
  await writeDeactivation(tx, who, current, now, handOver);
  return { state: 'applied' as const, successor };
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
