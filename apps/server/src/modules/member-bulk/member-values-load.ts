/**
 * Members of the file as the checks compare them: each one's stored state and its values in the CSV's terms
 * (roles in column order, groups by name, the 更新日時 version). One query for the members and one for their
 * groups per batch.
 */
import { MEMBER_ROLE_COLUMNS, type TMemberBulkValues, type TRole } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  findGroupsOfMembers,
  findMembersByIds,
  type MemberState,
} from './member-bulk.repository.ts';
import { formatVersion } from './member-cells.ts';

export type LoadedMembers = Map<string, { state: MemberState; values: TMemberBulkValues }>;

/** Roles in the CSV's column order. */
export const ROLE_ORDER: readonly TRole[] = MEMBER_ROLE_COLUMNS.map((r) => r.role);

export async function loadMemberValues(
  db: DbOrTx,
  companyId: string,
  ids: string[],
): Promise<LoadedMembers> {
  const members = await findMembersByIds(db, companyId, ids);
  const groupsOf = new Map<string, { id: string; name: string }[]>();
  for (const g of await findGroupsOfMembers(
    db,
    members.map((mm) => mm.id),
  )) {
    groupsOf.set(g.userId, [...(groupsOf.get(g.userId) ?? []), { id: g.id, name: g.name }]);
  }
  const values = (mm: MemberState): TMemberBulkValues => ({
    email: mm.email,
    name: mm.name,
    furigana: mm.furigana,
    organization: mm.organization,
    roles: ROLE_ORDER.filter((r) => mm.roles.includes(r)),
    groups: groupsOf.get(mm.id) ?? [],
    updatedAt: formatVersion(mm.updatedAt),
    status: mm.status,
  });
  return new Map(members.map((mm) => [mm.id, { state: mm, values: values(mm) }]));
}
