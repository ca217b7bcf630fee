/** The SQL of SCIM reads: members and member groups of the token's company, filtered and paged. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { EntityType, MemberStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  memberGroupUsers,
  memberGroups,
  passwordSetupTokens,
  provisioningDeactivations,
  provisioningExternalIds,
  users,
} from '../../db/schema.ts';

/**
 * A deactivation the brake holds for the member (docs/design.md "Leavers from provisioning"): SCIM answers
 * him `active: false` while it waits, as the IdP asked, though he stays 有効 until an admin applies it.
 */
// The member's id spelled with its table: drizzle writes a selected field's column unqualified, and a bare
// "id" inside the subquery would be the deactivation's own.
export const heldDeactivationSql = sql<boolean>`exists (select 1 from ${provisioningDeactivations} d where d.member_id = "users"."id" and d.state = 'queued')`;

/** The member's externalId, read with his row (its primary key is the resource's id): one statement less. */
const externalIdSql = sql<
  string | null
>`(select e.external_id from ${provisioningExternalIds} e where e.resource_type = 'User' and e.resource_id = "users"."id" and e.company_id = "users"."company_id")`;

const userColumns = {
  held: heldDeactivationSql,
  externalId: externalIdSql,
  id: users.id,
  email: users.email,
  name: users.name,
  organization: users.organization,
  status: users.status,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type ScimUserRow = {
  /** A deactivation waits behind the brake. */
  held: boolean;
  externalId: string | null;
  id: string;
  email: string;
  name: string;
  organization: string;
  status: number;
  createdAt: Date;
  updatedAt: Date;
};

export async function findUsers(
  db: DbOrTx,
  companyId: string,
  where: SQL | undefined,
  offset: number,
  limit: number,
) {
  const cond = and(eq(users.companyId, companyId), where);
  const rows: ScimUserRow[] =
    limit === 0
      ? []
      : await db
          .select(userColumns)
          .from(users)
          .where(cond)
          .orderBy(asc(users.createdAt), asc(users.id))
          .offset(offset)
          .limit(limit);
  return {
    total: await totalOf(rows.length, offset, limit, () => countWhere(db, users, cond)),
    rows,
  };
}

const countWhere = async (db: DbOrTx, table: typeof users | typeof memberGroups, cond?: SQL) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(cond)
  )[0]?.n ?? 0;

/**
 * totalResults without a count when the page says it: a first page that is not full holds every match (the
 * IdPs' `userName eq` lookups, one statement instead of two).
 */
const totalOf = (found: number, offset: number, limit: number, count: () => Promise<number>) =>
  offset === 0 && found < limit ? Promise.resolve(found) : count();

export async function findUser(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row ?? null;
}

export type ScimGroupRow = { id: string; name: string; createdAt: Date; updatedAt: Date };
const groupColumns = {
  id: memberGroups.id,
  name: memberGroups.name,
  createdAt: memberGroups.createdAt,
  updatedAt: memberGroups.updatedAt,
};

/** User groups only: 「すべてのメンバー」 is the system's, never the IdP's. */
export async function findGroups(
  db: DbOrTx,
  companyId: string,
  where: SQL | undefined,
  offset: number,
  limit: number,
) {
  const cond = and(
    eq(memberGroups.companyId, companyId),
    eq(memberGroups.type, EntityType.User),
    where,
  );
  const rows: ScimGroupRow[] =
    limit === 0
      ? []
      : await db
          .select(groupColumns)
          .from(memberGroups)
          .where(cond)
          .orderBy(asc(memberGroups.createdAt), asc(memberGroups.id))
          .offset(offset)
          .limit(limit);
  return {
    total: await totalOf(rows.length, offset, limit, () => countWhere(db, memberGroups, cond)),
    rows,
  };
}

export async function findGroup(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select(groupColumns)
    .from(memberGroups)
    .where(
      and(
        eq(memberGroups.companyId, companyId),
        eq(memberGroups.id, id),
        eq(memberGroups.type, EntityType.User),
      ),
    );
  return row ?? null;
}

export async function membersOfGroups(db: DbOrTx, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: memberGroupUsers.groupId,
      id: users.id,
      email: users.email,
      name: users.name,
    })
    .from(memberGroupUsers)
    .innerJoin(users, eq(users.id, memberGroupUsers.userId))
    .where(inArray(memberGroupUsers.groupId, groupIds))
    .orderBy(asc(users.email));
}

/** The member, locked, while he is 招待中 without any setup link; else null (scim-invitations.ts). */
export async function findUninvited(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.id, id),
        eq(users.status, MemberStatus.Invalid),
        sql`not exists (select 1 from ${passwordSetupTokens} t where t.user_id = ${users.id})`,
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * Members a batch of SCIM creates makes, in one statement, with the values createMember would store. An e-mail
 * another writer took meanwhile (another process's batch, the console) is skipped by the unique index rather
 * than aborting the batch: the caller sees which rows are missing from the answer.
 */
export async function insertNewMembers(db: DbOrTx, rows: (typeof users.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
}
