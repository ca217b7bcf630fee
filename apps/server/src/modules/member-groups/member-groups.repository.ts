/** Member-group SQL, scoped by company. The system group's count is the company's member count. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberGroups, memberGroupUsers, users } from '../../db/schema.ts';
import { sqlEntityType } from '../../db/entity-type-sql.ts';
import { EntityType } from '@cloudsign/contract';

const groupColumns = {
  id: memberGroups.id,
  name: memberGroups.name,
  note: memberGroups.note,
  type: memberGroups.type,
  createdAt: memberGroups.createdAt,
  updatedAt: memberGroups.updatedAt,
  // Qualified by hand: drizzle leaves select-list columns unqualified, which the subqueries would capture.
  memberCount: sql<number>`(case when member_groups.type = ${sqlEntityType.System}
    then coalesce((select s.member_count from member_list_stats s where s.company_id = member_groups.company_id), 0)
    else (select count(*) from member_group_users mgu where mgu.group_id = member_groups.id) end)::int`,
};
export type GroupRow = {
  id: string;
  name: string;
  note: string;
  type: number;
  createdAt: Date;
  updatedAt: Date;
  memberCount: number;
};

/** The system group first, then user groups by name (as cabinets are listed, CS). */
export async function findGroups(
  db: DbOrTx,
  companyId: string,
  userOnly: boolean,
): Promise<GroupRow[]> {
  return db
    .select(groupColumns)
    .from(memberGroups)
    .where(
      userOnly
        ? and(eq(memberGroups.companyId, companyId), eq(memberGroups.type, EntityType.User))
        : eq(memberGroups.companyId, companyId),
    )
    .orderBy(desc(memberGroups.type), asc(memberGroups.name), asc(memberGroups.id));
}

export async function findGroup(
  db: DbOrTx,
  companyId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<GroupRow | null> {
  if (opts.forUpdate) {
    // Lock the row itself (the count subquery cannot be locked), then read it with its count.
    await db
      .select({ id: memberGroups.id })
      .from(memberGroups)
      .where(and(eq(memberGroups.companyId, companyId), eq(memberGroups.id, id)))
      .for('update');
  }
  const [row] = await db
    .select(groupColumns)
    .from(memberGroups)
    .where(and(eq(memberGroups.companyId, companyId), eq(memberGroups.id, id)))
    .limit(1);
  return row ?? null;
}

export async function isGroupNameTaken(
  db: DbOrTx,
  companyId: string,
  name: string,
  exceptId?: string,
) {
  const rows = await db
    .select({ id: memberGroups.id })
    .from(memberGroups)
    .where(and(eq(memberGroups.companyId, companyId), eq(memberGroups.name, name)))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}

export async function insertGroup(db: DbOrTx, values: typeof memberGroups.$inferInsert) {
  const [row] = await db.insert(memberGroups).values(values).returning({ id: memberGroups.id });
  return row!.id;
}

export async function updateGroup(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: Partial<typeof memberGroups.$inferInsert>,
) {
  await db
    .update(memberGroups)
    .set(values)
    .where(and(eq(memberGroups.companyId, companyId), eq(memberGroups.id, id)));
}

/** Memberships, cabinet access and classification rules of the group cascade away. */
export async function deleteGroup(db: DbOrTx, companyId: string, id: string) {
  await db
    .delete(memberGroups)
    .where(and(eq(memberGroups.companyId, companyId), eq(memberGroups.id, id)));
}

/** Which of `ids` are members of this company. */
export async function existingMemberIds(db: DbOrTx, companyId: string, ids: string[]) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function addMemberships(db: DbOrTx, groupId: string, userIds: string[]) {
  const rows = await db
    .insert(memberGroupUsers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing()
    .returning({ userId: memberGroupUsers.userId });
  return rows.map((r) => r.userId);
}

export async function removeMemberships(db: DbOrTx, groupId: string, userIds: string[]) {
  const rows = await db
    .delete(memberGroupUsers)
    .where(and(eq(memberGroupUsers.groupId, groupId), inArray(memberGroupUsers.userId, userIds)))
    .returning({ userId: memberGroupUsers.userId });
  return rows.map((r) => r.userId);
}

/**
 * A member's groups are part of their row in the edit CSV: changing them moves 更新日時 on, so an edit file
 * downloaded before is reported as changed instead of silently putting the old groups back.
 */
/** Marks the members changed; returns them by name as they are now (the audit event names them). */
export async function touchMembers(db: DbOrTx, userIds: string[], now: Date) {
  if (userIds.length === 0) return [];
  return db
    .update(users)
    .set({ updatedAt: now })
    .where(inArray(users.id, userIds))
    .returning({ id: users.id, name: users.name, email: users.email });
}
