/** The SQL of SCIM reads: members and member groups of the token's company, filtered and paged. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { EntityType, MemberStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { LogRow } from './provisioning.repository.ts';
import {
  memberGroupUsers,
  memberGroups,
  passwordSetupTokens,
  provisioningDeactivations,
  provisioningExternalIds,
  provisioningLog,
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

/**
 * A page of members; `line`: the request's line of the provisioning log, written by the page's own statement
 * when that statement is the request's last (a first page that is not full: every `userName eq` lookup), so
 * the answer waits for one statement, not two. `isLogged` says whether it was written.
 */
export async function findUsers(
  db: DbOrTx,
  companyId: string,
  where: SQL | undefined,
  offset: number,
  limit: number,
  line?: LogRow,
) {
  const cond = and(eq(users.companyId, companyId), where);
  if (line && offset === 0 && limit > 0) {
    const rows = await firstPageLogged(db, cond, limit, line);
    return rows.length < limit
      ? { total: rows.length, rows, isLogged: true }
      : { total: await countWhere(db, users, cond), rows, isLogged: false };
  }
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
    isLogged: false,
  };
}

/**
 * The first page, and the request's line in the same statement (a data-modifying CTE) when the page is not
 * full: the line commits with the read, and a statement that fails writes neither (its error's line is the
 * route's). A full page writes nothing here; its count is the request's last statement then.
 */
async function firstPageLogged(
  db: DbOrTx,
  cond: SQL | undefined,
  limit: number,
  line: LogRow,
): Promise<ScimUserRow[]> {
  const page = db.$with('scim_page').as(
    db
      .select({
        ...userColumns,
        held: heldDeactivationSql.as('held'),
        externalId: externalIdSql.as('external_id'),
      })
      .from(users)
      .where(cond)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(limit),
  );
  const logged = db.$with('scim_line', { id: sql<string>`id` }).as(
    sql`insert into ${provisioningLog} (company_id, occurred_at, token_id, token_name, method, resource, target, status, detail)
      select ${line.companyId}::uuid, ${line.occurredAt ?? new Date()}::timestamptz, ${line.tokenId ?? null}::uuid,
        ${line.tokenName ?? ''}::text, ${line.method}::text, ${line.resource ?? ''}::text, ${line.target ?? ''}::text,
        ${line.status}::smallint, ${line.detail ?? ''}::text
      where (select count(*) from ${page}) < ${limit}
      returning id`,
  );
  return db.with(page, logged).select().from(page).orderBy(asc(page.createdAt), asc(page.id));
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
 * Members a batch of SCIM creates makes, with their external ids and their requests' lines of the provisioning
 * log, in one statement (the two as data-modifying CTEs of the members' insert): a batch's round trips are
 * what an IdP's 20 clients wait for. The values are createMember's. An e-mail another writer took (anyone,
 * in any company: the unique index decides) is skipped rather than aborting the statement; the answer is the
 * ids of the members made, and the caller rolls back a batch with one missing, external ids and lines included.
 */
export async function insertNewMembers(
  db: DbOrTx,
  rows: (typeof users.$inferInsert)[],
  externalIds: (typeof provisioningExternalIds.$inferInsert)[] = [],
  lines: (typeof provisioningLog.$inferInsert)[] = [],
) {
  if (rows.length === 0) return [];
  const ctes = [
    ...(externalIds.length > 0
      ? [
          db
            .$with('scim_external_ids')
            .as(
              db
                .insert(provisioningExternalIds)
                .values(externalIds)
                .returning({ id: provisioningExternalIds.resourceId }),
            ),
        ]
      : []),
    ...(lines.length > 0
      ? [
          db
            .$with('scim_log_lines')
            .as(db.insert(provisioningLog).values(lines).returning({ id: provisioningLog.id })),
        ]
      : []),
  ];
  return db
    .with(...ctes)
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
}
