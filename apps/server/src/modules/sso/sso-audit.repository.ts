/** The SQL of SSO's audit trail: names for the event, the admins to tell, the last change a sign-in is near. */
import { and, arrayContains, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { MemberStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, memberGroups, users } from '../../db/schema.ts';

export async function groupNames(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: memberGroups.id, name: memberGroups.name })
    .from(memberGroups)
    .where(and(eq(memberGroups.companyId, companyId), inArray(memberGroups.id, ids)));
}

export async function memberNames(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
}

/** The company admins who can act on a notice (signed-in capable), except the one who made the change. */
export async function otherCompanyAdmins(db: DbOrTx, companyId: string, exceptId: string | null) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        arrayContains(users.roles, ['CompanyAdmin']),
        inArray(users.status, [MemberStatus.Valid, MemberStatus.PasswordReset]),
        ...(exceptId ? [ne(users.id, exceptId)] : []),
      ),
    );
}

/**
 * When the company's SSO settings last changed, if after `since`. Read from the audit log itself (the event is
 * the one record of a change, committed with it). It runs at every privileged SSO sign-in, so it reads the
 * target index under the company itself (the event's target, sso-audit.ts), where only a few admin changes
 * live, never the company's whole last day, which a bulk run can fill with a million events.
 */
export async function lastSsoChangeSince(db: DbOrTx, companyId: string, since: Date) {
  const [row] = await db
    .select({ at: auditEvents.occurredAt })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.companyId, companyId),
        eq(auditEvents.targetType, 'company'),
        eq(auditEvents.targetId, companyId),
        gt(auditEvents.occurredAt, since),
        eq(auditEvents.action, 'sso.settingsChanged'),
      ),
    )
    .orderBy(desc(auditEvents.occurredAt))
    .limit(1);
  return row?.at ?? null;
}

export async function findMember(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}
