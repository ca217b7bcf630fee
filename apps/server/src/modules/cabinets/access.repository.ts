/**
 * Who may read a cabinet's documents, and why (「アクセスできる人」, `GET /cabinets_read_document/{id}`).
 * The reasons follow auth/access.ts: company admin, the cabinet's admin, or a linked member group
 * (「すべてのメンバー」 counts for everyone).
 */
import { sql } from 'drizzle-orm';
import {
  EntityType,
  type TAccessReason,
  type TCabinetMemberCandidate,
  type TEntityType,
} from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlEntityType } from '../../db/entity-type-sql.ts';
import {
  memberKeywordMatch,
  memberKeywordRank,
  memberReadingOrder,
} from '../members/member-list.sql.ts';

type Row = {
  id: string;
  name: string;
  email?: string;
  type?: number;
  isCompanyAdmin: boolean;
  isCabinetAdmin: boolean;
  groups: { id: string; name: string; type: TEntityType }[];
  total?: number;
};

const toReasons = (r: Row): TAccessReason[] => [
  ...(r.isCompanyAdmin ? [{ kind: 'company_admin' as const }] : []),
  ...(r.isCabinetAdmin ? [{ kind: 'cabinet_admin' as const }] : []),
  ...r.groups.map((group) => ({ kind: 'group' as const, group })),
];

/** Groups of cabinet `cab` that include user `usr` (SQL aliases of the enclosing query). */
const grantingGroups = (cab: string, usr: string) => sql`coalesce((
  select json_agg(json_build_object('id', g.id, 'name', g.name, 'type', g.type) order by g.type desc, g.name, g.id)
  from cabinet_member_groups cmg join member_groups g on g.id = cmg.group_id
  where cmg.cabinet_id = ${sql.raw(cab)}.id and (g.type = ${sqlEntityType.System} or exists (
    select 1 from member_group_users mgu where mgu.group_id = g.id and mgu.user_id = ${sql.raw(usr)}.id))), '[]'::json)`;

const isCabinetAdmin = sql`exists (select 1 from cabinet_admins ca where ca.cabinet_id = c.id and ca.user_id = u.id)`;
const isCompanyAdmin = sql`('CompanyAdmin' = any(u.roles))`;

/** Members who can read cabinet `cabinetId`, by name, one page, each with why. */
export async function selectCabinetReaders(
  db: DbOrTx,
  q: { companyId: string; cabinetId: string; keyword?: string; limit: number; offset: number },
) {
  const rows = await queryRows<Row>(
    db,
    sql`with r as (
      select u.id, u.name, u.email, ${isCompanyAdmin} as "isCompanyAdmin", ${isCabinetAdmin} as "isCabinetAdmin",
        ${grantingGroups('c', 'u')} as "groups"
      from users u join cabinets c on c.id = ${q.cabinetId} and c.company_id = u.company_id
      where u.company_id = ${q.companyId}
        ${keywordCondition(q.keyword, 'u')}
    )
    select r.*, count(*) over ()::int as total from r
    where r."isCompanyAdmin" or r."isCabinetAdmin" or json_array_length(r."groups") > 0
    order by r.name, r.id limit ${q.limit} offset ${q.offset}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    members: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email ?? '',
      reasons: toReasons(r),
    })),
  };
}

/** Cabinets member `userId` may read, 「すべての書類」 first then by name, each with why. */
export async function selectReadableCabinets(db: DbOrTx, companyId: string, userId: string) {
  const rows = await queryRows<Row>(
    db,
    sql`with r as (
      select c.id, c.name, c.type::int as "type", ${isCompanyAdmin} as "isCompanyAdmin", ${isCabinetAdmin} as "isCabinetAdmin",
        ${grantingGroups('c', 'u')} as "groups"
      from cabinets c join users u on u.id = ${userId} and u.company_id = c.company_id
      where c.company_id = ${companyId}
    )
    select * from r where r."isCompanyAdmin" or r."isCabinetAdmin" or json_array_length(r."groups") > 0
    order by r.type desc, r.name, r.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: (r.type ?? EntityType.User) as TEntityType,
    reasons: toReasons(r),
  }));
}

/** The member list's keyword rule (names without spaces, フリガナ in any script, e-mail), as an `and` clause. */
function keywordCondition(keyword: string | undefined, table: string) {
  const match = memberKeywordMatch(keyword, table);
  return match ? sql`and ${match}` : sql``;
}

/**
 * Members of the company for the admin picker: with a keyword, whole-name / フリガナ / e-mail matches first,
 * then those starting with it, then the rest; within each, the member list's 氏名 order (フリガナ, then name;
 * never code points). `keyword` as typed: the member list's rule normalises it.
 */
export async function selectMemberCandidates(
  db: DbOrTx,
  companyId: string,
  keyword: string | undefined,
  limit: number,
) {
  const rows = await queryRows<TCabinetMemberCandidate & { total: number }>(
    db,
    sql`select users.id, users.name, users.email, users.organization, users.status::int as status,
      count(*) over ()::int as total from users
      where users.company_id = ${companyId} ${keywordCondition(keyword, 'users')}
      order by ${memberKeywordRank(keyword)}, ${memberReadingOrder()} limit ${limit}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    members: rows.map(({ id, name, email, organization, status }) => ({
      id,
      name,
      email,
      organization,
      status,
    })),
  };
}

/** Every member group of the company (the group pickers): 「すべてのメンバー」 first, then by name. */
export async function selectGroupCandidates(db: DbOrTx, companyId: string) {
  return queryRows<{ id: string; name: string; type: TEntityType }>(
    db,
    sql`select id, name, type::int as type from member_groups where company_id = ${companyId}
      order by type desc, name, id limit 1000`,
  );
}
