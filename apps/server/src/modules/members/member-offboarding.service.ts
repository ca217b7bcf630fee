/**
 * Offboarding: what a member holds, and their deletion with a successor (移管先). Cabinet admin roles and
 * document ownership move to the successor in the deletion's transaction, so nothing is left orphaned and
 * nothing moves unless the member is really gone. The last-admin and self rules stay as they were.
 */
import {
  MemberStatus,
  SUCCESSOR_MSG,
  type TDeleteUserResponse,
  type TMemberHoldings,
} from '@cloudsign/contract';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { holdingsOf, membersOf, type MemberServiceDeps } from './member-detail.ts';
import { memberAuditTarget } from './member-mappers.ts';
import { lastAdmin } from './members.service.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';

/** What a member still holds, and its hand-over: the member CSV's deletions check and transfer them too. */
export { countHoldings, transferHoldings } from './member-holdings.repository.ts';

type Who = Pick<AuthContext, 'user' | 'origin'>;

async function readHoldings(
  deps: MemberServiceDeps,
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<TMemberHoldings> {
  const holdings = holdingsOf(deps);
  const cabinets = await holdings.findAdministeredCabinets(db, companyId, id);
  const documents = await holdings.countSentDocuments(db, companyId, id);
  return {
    cabinets,
    groups: await membersOf(deps).findUserGroups(db, id),
    documents,
    pendingBulkRuns: await holdings.findPendingBulkRuns(db, companyId, id),
    successorRequired: cabinets.length > 0 || documents > 0,
  };
}

export async function getHoldings(deps: MemberServiceDeps, who: Who, id: string) {
  const db = deps.database.db;
  if (!(await membersOf(deps).findMember(db, who.user.companyId, id))) throw notFound();
  return readHoldings(deps, db, who.user.companyId, id);
}

const successorError = (message: string) => fieldError('successorId', message);

export async function deleteMember(
  deps: MemberServiceDeps,
  who: Who,
  id: string,
  successorId?: string,
) {
  const companyId = who.user.companyId;
  const repo = membersOf(deps);
  if (id === who.user.id) throw new AppError('self_forbidden', '自分自身は削除できません。');
  return deps.database.db.transaction(async (tx): Promise<TDeleteUserResponse> => {
    const admins = await repo.lockCompanyAdmins(tx, companyId);
    const current = await repo.findMember(tx, companyId, id, { forUpdate: true });
    if (!current) throw notFound();
    if (admins.includes(id) && admins.length <= 1) throw lastAdmin();
    // Read under the member's lock: a cabinet handed to them meanwhile is counted, not orphaned.
    const holdings = await readHoldings(deps, tx, companyId, id);
    let successor: Awaited<ReturnType<typeof repo.findMember>> = null;
    if (successorId !== undefined) {
      if (successorId === id) throw successorError(SUCCESSOR_MSG.self);
      // Another company's member reads as unknown: its existence is not told (404 rule, docs/design.md §1).
      successor = await repo.findMember(tx, companyId, successorId, { forUpdate: true });
      if (!successor) throw successorError(SUCCESSOR_MSG.notFound);
      if (successor.status === MemberStatus.Deactivated)
        throw successorError(SUCCESSOR_MSG.deactivated);
    } else if (holdings.successorRequired) {
      throw successorError(SUCCESSOR_MSG.required(holdings.cabinets.length, holdings.documents));
    }
    const moved = successor
      ? await holdingsOf(deps).transferHoldings(tx, companyId, [{ from: id, to: successor.id }])
      : null;
    await repo.deleteMember(tx, companyId, id);
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'member.deleted',
      target: memberAuditTarget(current),
      details: {
        roles: current.roles,
        ...(successor && moved
          ? {
              successor: { id: successor.id, name: successor.name, email: successor.email },
              cabinets: holdings.cabinets.map((c) => c.name),
              documents: moved.documents,
            }
          : {}),
      },
      occurredAt: deps.clock(),
    });
    return {
      ok: true,
      transferred:
        successor && moved
          ? {
              successor: { id: successor.id, name: successor.name, email: successor.email },
              cabinets: holdings.cabinets.length,
              documents: moved.documents,
            }
          : null,
    };
  });
}
