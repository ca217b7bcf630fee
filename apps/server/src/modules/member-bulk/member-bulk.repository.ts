/** Member-side SQL of the bulk flow: look-ups for the check, set-based writes for execution, export pages. */
import { sql, type SQL } from 'drizzle-orm';
import type { TMemberBulkFilters, TRole } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { pgArray, queryRows } from '../../db/query-rows.ts';
import { memberKeywordMatch } from '../members/member-list.sql.ts';
import { signInCondition } from '../members/member-sign-in.sql.ts';
import { passwordSignInAllowedOf } from '../../auth/sign-in-policy.sql.ts';

export type GroupRef = { id: string; name: string; type: number };
export type MemberState = {
  id: string;
  email: string;
  name: string;
  furigana: string | null;
  organization: string;
  roles: TRole[];
  /** 3 = 利用停止: such an admin is not one of the company's active admins (countAdmins). */
  status: number;
  /** Whether they ever set a password: 利用再開 brings them back 有効 if so, else 招待中 (see isSsoOnly). */
  hasPassword: boolean;
  /**
   * Whether the company's policy lets them sign in only through its IdP (sign-in-policy.sql.ts): 利用再開 then
   * makes them 有効 with or without a password, since the ACS refuses 招待中 and an invitation leads nowhere.
   * Read by the edit check's look-ups (findMembersByIds / ByEmails), not by the export.
   */
  isSsoOnly?: boolean;
  updatedAt: Date;
  /** 最終ログイン日時 (the export's read-only column); null = never signed in. */
  lastSignInAt: Date | null;
  /** 作成元: `scim` members' name, email, 所属 and 利用状態 are the IdP's (the edit check refuses them). */
  source?: string;
};

/**
 * The filters an export or edit template was asked with, and the 「90日以上ログインしていない」 bound fixed when
 * it was asked (ISO), so the file holds the set the list showed then.
 */
export type MemberCsvFilters = TMemberBulkFilters & { inactiveBefore?: string | undefined };

export async function findGroups(db: DbOrTx, companyId: string): Promise<GroupRef[]> {
  return queryRows<GroupRef>(
    db,
    sql`select id, name, type from member_groups where company_id = ${companyId}::uuid order by name`,
  );
}

// Raw statements return timestamps as text on one driver and Date on the other: read milliseconds, both agree.
const MEMBER_COLS = sql`u.id, u.email, u.name, u.furigana, u.organization, u.roles, u.status, u.source, (u.password_hash is not null) as "hasPassword", floor(extract(epoch from u.updated_at) * 1000)::float8 as "updatedAt", floor(extract(epoch from u.last_sign_in_at) * 1000)::float8 as "lastSignInAt"`;
/** The edit check's look-ups also read whether 利用再開 would make the member 有効 without a password. */
const CHECK_COLS = sql`${MEMBER_COLS}, not ${passwordSignInAllowedOf('u')} as "isSsoOnly"`;
type StateRow = Omit<MemberState, 'updatedAt' | 'lastSignInAt'> & {
  updatedAt: number;
  lastSignInAt: number | null;
};
const toState = (rows: StateRow[]): MemberState[] =>
  rows.map((r) => ({
    ...r,
    updatedAt: new Date(Number(r.updatedAt)),
    lastSignInAt: r.lastSignInAt === null ? null : new Date(Number(r.lastSignInAt)),
  }));

export async function findMembersByIds(
  db: DbOrTx,
  companyId: string,
  ids: readonly string[],
  forUpdate = false,
) {
  if (ids.length === 0) return [];
  return toState(
    await queryRows(
      db,
      sql`select ${CHECK_COLS} from users u where u.company_id = ${companyId}::uuid and u.id = any(${pgArray(ids)}::uuid[])
          ${forUpdate ? sql`for update` : sql``}`,
    ),
  );
}

export async function findMembersByEmails(
  db: DbOrTx,
  companyId: string,
  emails: readonly string[],
) {
  if (emails.length === 0) return [];
  return toState(
    await queryRows(
      db,
      sql`select ${CHECK_COLS} from users u where u.company_id = ${companyId}::uuid and u.email = any(${pgArray(emails)}::text[])`,
    ),
  );
}

/** User-group memberships (type 0); the system group is implicit. */
export async function findGroupsOfMembers(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return queryRows<{ userId: string; id: string; name: string }>(
    db,
    sql`select m.user_id as "userId", g.id, g.name from member_group_users m
        join member_groups g on g.id = m.group_id and g.type = 0
        where m.user_id = any(${pgArray(userIds)}::uuid[]) order by g.name, g.id`,
  );
}

/** Active admins only: a deactivated (利用停止) admin cannot sign in to run the company. */
export async function countAdmins(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where company_id = ${companyId}::uuid and 'CompanyAdmin' = any(roles) and status <> 3`,
  );
  return row?.n ?? 0;
}

export type NewMember = {
  n: number;
  email: string;
  name: string;
  furigana: string | null;
  organization: string;
  roles: TRole[];
  search: string;
};

/** Invited members (status 0). An email taken meanwhile is skipped by the unique index, not an abort. */
export async function insertMembers(tx: DbOrTx, companyId: string, rows: NewMember[]) {
  return queryRows<{ n: number; id: string | null }>(
    tx,
    sql`with x as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                   as x(n int, email text, name text, furigana text, organization text, roles text[], search text)),
        ins as (insert into users (company_id, email, name, furigana, organization, roles, status, search_text, source)
                select ${companyId}::uuid, x.email, x.name, x.furigana, x.organization, x.roles, 0, x.search, 'csv' from x
                on conflict (email) do nothing returning id, email)
        select x.n, ins.id from x left join ins on ins.email = x.email`,
  );
}

export type MemberUpdate = {
  id: string;
  email: string;
  name: string;
  furigana: string | null;
  organization: string;
  roles: TRole[];
  search: string;
};

export async function updateMembers(tx: DbOrTx, companyId: string, rows: MemberUpdate[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update users u set email = x.email, name = x.name, furigana = x.furigana, organization = x.organization, roles = x.roles,
      search_text = x.search, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id uuid, email text, name text, furigana text, organization text, roles text[], search text)
    where u.id = x.id and u.company_id = ${companyId}::uuid`);
}

/** Replaces the user-group memberships of the given members with exactly `groupIds` (groups of this company). */
export async function replaceMemberships(
  tx: DbOrTx,
  companyId: string,
  rows: { userId: string; groupIds: string[] }[],
) {
  if (rows.length === 0) return;
  const payload = JSON.stringify(rows.flatMap((r) => r.groupIds.map((g) => ({ u: r.userId, g }))));
  await tx.execute(sql`
    delete from member_group_users m using member_groups g
    where g.id = m.group_id and g.type = 0 and m.user_id = any(${pgArray(rows.map((r) => r.userId))}::uuid[])
      and not exists (select 1 from jsonb_to_recordset(${payload}::jsonb) as x(u uuid, g uuid) where x.u = m.user_id and x.g = m.group_id)`);
  await addMemberships(tx, companyId, rows);
}

/** Groups deleted since the check are skipped (the join), never a foreign-key abort of the batch. */
export async function addMemberships(
  tx: DbOrTx,
  companyId: string,
  rows: { userId: string; groupIds: string[] }[],
) {
  const pairs = rows.flatMap((r) => r.groupIds.map((g) => ({ u: r.userId, g })));
  if (pairs.length === 0) return;
  await tx.execute(sql`
    insert into member_group_users (group_id, user_id)
    select g.id, x.u from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as x(u uuid, g uuid)
    join member_groups g on g.id = x.g and g.company_id = ${companyId}::uuid and g.type = 0
    join users u on u.id = x.u and u.company_id = ${companyId}::uuid
    on conflict do nothing`);
}

export async function deleteMembers(tx: DbOrTx, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx.execute(
    sql`delete from users where company_id = ${companyId}::uuid and id = any(${pgArray(ids)}::uuid[])`,
  );
}

function filterSql(companyId: string, f: MemberCsvFilters): SQL {
  const parts: SQL[] = [sql`u.company_id = ${companyId}::uuid`];
  // The member list's own keyword rule, so an operation on a search touches exactly the members it showed.
  const keyword = memberKeywordMatch(f.keyword, 'u');
  if (keyword) parts.push(keyword);
  if (f.groupId) {
    parts.push(sql`(exists (select 1 from member_groups g where g.id = ${f.groupId}::uuid and g.company_id = ${companyId}::uuid and g.type = 1)
      or exists (select 1 from member_group_users m where m.user_id = u.id and m.group_id = ${f.groupId}::uuid))`);
  }
  if (f.role) parts.push(sql`${f.role} = any(u.roles)`);
  if (f.status !== undefined) parts.push(sql`u.status = ${f.status}`);
  if (f.mfa !== undefined) parts.push(sql`u.mfa = ${f.mfa}`);
  if (f.source) parts.push(sql`u.source = ${f.source}`);
  const before = f.inactiveBefore === undefined ? undefined : new Date(f.inactiveBefore);
  const signIn = signInCondition(f.signIn, before, 'u');
  if (signIn) parts.push(signIn);
  return sql.join(parts, sql` and `);
}

export async function countFilteredMembers(
  db: DbOrTx,
  companyId: string,
  f: MemberCsvFilters,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u where ${filterSql(companyId, f)}`,
  );
  return row?.n ?? 0;
}

/**
 * Every matching member in the list's 氏名 order (reading or name, name, id), read through one server-side cursor: the sort or
 * index walk happens once, whatever the table's statistics say (a keyset query per page can be planned as
 * a full scan per page right after a large bulk run, before autovacuum has analysed the table).
 * Must run inside a transaction (`tx`); `onPage` gets each page in order.
 */
/** The member list's 氏名 order, walked by users_company_reading_idx. */
const LIST_ORDER = sql`coalesce(u.furigana, u.name), u.name, u.id`;

/** A member as the export writes him: his state and his user groups (type 0), in 氏名 then id order. */
export type ExportedMember = MemberState & { groups: { id: string; name: string }[] };
/** The export's columns: each member's groups come in the same statement (a query per page cost a round trip). */
const EXPORT_COLS = sql`${MEMBER_COLS}, coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name, g.id)
  from member_group_users m join member_groups g on g.id = m.group_id and g.type = 0 where m.user_id = u.id), '[]'::json) as groups`;
const toExported = (rows: (StateRow & { groups: ExportedMember['groups'] })[]) =>
  toState(rows) as ExportedMember[];

export async function forEachMemberPage(
  tx: DbOrTx,
  companyId: string,
  f: MemberCsvFilters,
  pageSize: number,
  onPage: (page: ExportedMember[]) => Promise<void>,
) {
  const cursor = `member_export_${crypto.randomUUID().replaceAll('-', '')}`;
  await tx.execute(sql`declare ${sql.raw(cursor)} no scroll cursor for
    select ${EXPORT_COLS} from users u where ${filterSql(companyId, f)} order by ${LIST_ORDER}`);
  const fetchPage = () => {
    const read = queryRows<StateRow & { groups: ExportedMember['groups'] }>(
      tx,
      sql`fetch forward ${sql.raw(String(pageSize))} from ${sql.raw(cursor)}`,
    );
    read.catch(() => undefined);
    return read;
  };
  let next = fetchPage();
  for (;;) {
    const page = toExported(await next);
    const isLast = page.length < pageSize;
    // The database reads the next page while this one is written (the export waited on it half the time).
    if (!isLast) next = fetchPage();
    if (page.length > 0) await onPage(page);
    if (isLast) break;
  }
  await tx.execute(sql`close ${sql.raw(cursor)}`);
}

/** Keyset page in the list's 氏名 order, for PGlite: there one long cursor transaction would hold
 * the only connection and stall every other request for the whole export. */
export async function membersPage(
  db: DbOrTx,
  companyId: string,
  f: MemberCsvFilters,
  after: { furigana: string | null; name: string; id: string } | null,
  limit: number,
) {
  const cursor = after
    ? sql`and (coalesce(u.furigana, u.name), u.name, u.id) > (${after.furigana ?? after.name}, ${after.name}, ${after.id}::uuid)`
    : sql``;
  return toExported(
    await queryRows(
      db,
      sql`select ${EXPORT_COLS} from users u where ${filterSql(companyId, f)} ${cursor} order by ${LIST_ORDER} limit ${limit}`,
    ),
  );
}

/** Still invited (status 0) and not deleted since the run: only then is a password-setup mail due. */
export async function isStillInvited(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from users where id = ${userId}::uuid and status = 0`,
  );
  return rows.length === 1;
}

/** 氏名 of the company's members among `ids` (one statement for a page of rows). */
export async function findMemberNames(
  db: DbOrTx,
  companyId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return queryRows(
    db,
    sql`select id, name from users where company_id = ${companyId}::uuid and id = any(${pgArray(ids)}::uuid[])`,
  );
}
