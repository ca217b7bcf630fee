/** Single-member SQL. Every query is scoped by company: another company's id reads as missing. */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { MemberStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { pgArray, queryRows } from '../../db/query-rows.ts';
import { cabinets, memberGroups, memberGroupUsers, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findMember(
  db: DbOrTx,
  companyId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
) {
  const q = db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function findUserGroups(db: DbOrTx, userId: string) {
  return db
    .select({ id: memberGroups.id, name: memberGroups.name })
    .from(memberGroupUsers)
    .innerJoin(memberGroups, eq(memberGroups.id, memberGroupUsers.groupId))
    .where(eq(memberGroupUsers.userId, userId))
    .orderBy(asc(memberGroups.name));
}

/** Emails are unique across the whole service, not per company (docs/design.md §2). */
export async function isEmailTaken(db: DbOrTx, email: string, exceptUserId?: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId
        ? and(eq(users.email, email), ne(users.id, exceptUserId))
        : eq(users.email, email),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Locks the company's active admins (ordered, so concurrent callers queue instead of deadlocking) and answers
 * their ids. Two admins demoting each other at once: the second waits, re-reads, sees one admin left.
 */
/** Service-wide: an email belongs to at most one member of any company (docs/design.md §2). */
export async function findEmailOwners(
  db: DbOrTx,
  emails: readonly string[],
): Promise<{ id: string; email: string }[]> {
  if (emails.length === 0) return [];
  return queryRows(
    db,
    sql`select id, email from users where email = any(${pgArray(emails)}::text[])`,
  );
}

export async function lockCompanyAdmins(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        sql`${users.roles} @> '{CompanyAdmin}'::text[]`,
        // A deactivated (利用停止) admin cannot sign in, so cannot be the company's remaining admin.
        ne(users.status, MemberStatus.Deactivated),
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function insertMember(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateMember(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: Partial<typeof users.$inferInsert>,
) {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning();
  return row ?? null;
}

/** Sessions, setup links, memberships and cabinet admin rows cascade; documents keep the sender's name. */
export async function deleteMember(db: DbOrTx, companyId: string, id: string) {
  const rows = await db
    .delete(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findGroupType(db: DbOrTx, companyId: string, groupId: string) {
  const [row] = await db
    .select({ type: memberGroups.type })
    .from(memberGroups)
    .where(and(eq(memberGroups.companyId, companyId), eq(memberGroups.id, groupId)))
    .limit(1);
  return row?.type ?? null;
}

export async function cabinetExists(db: DbOrTx, companyId: string, cabinetId: string) {
  const rows = await db
    .select({ id: cabinets.id })
    .from(cabinets)
    .where(and(eq(cabinets.companyId, companyId), eq(cabinets.id, cabinetId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether a member administers the cabinet (the member list's one extension, members.service.ts). */
export { canManageCabinet } from '../../auth/access.ts';

/** Whether the member is a break-glass exception of the company's SSO (the demotion rule, members.service.ts). */
export { isOnSsoExceptionList as isSsoException } from '../../auth/sign-in-policy.repository.ts';
/** Whether the company's sign-in policy lets the member use a password (the detail's isPasswordAllowed). */
export { selectIsPasswordAllowed as isPasswordAllowed } from '../../auth/sign-in-policy.repository.ts';
