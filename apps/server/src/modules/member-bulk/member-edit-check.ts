/**
 * The edit file's checks against the stored members: the member exists; the new e-mail is nobody else's; one's
 * own privileges are not changed; what the company's IdP provisions (SCIM) is not changed by a file; the row
 * was read at the member's current 更新日時. Each row says what changes, and whether it removes or adds an
 * active company admin (the last-admin rule is judged at the end of the file).
 */
import {
  MEMBER_CSV,
  MEMBER_ROLE_COLUMNS,
  MemberStatus,
  SCIM_OWNED_MESSAGE,
  type TMemberBulkValues,
  type TRole,
} from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { CheckedRow, ManipulationRow } from '../../bulk/bulk.types.ts';
import { isSameVersion } from '../../bulk/version-cell.ts';
import { findEmailOwners } from '../members/members.service.ts';
import { MSG } from './member-check-messages.ts';
import type { ParsedMemberRow } from './member-row-parse.ts';
import { nextUseState } from './member-use-state-check.ts';
import { ROLE_ORDER, type LoadedMembers } from './member-values-load.ts';

const ADMIN_COLUMN = MEMBER_ROLE_COLUMNS.find((r) => r.role === 'CompanyAdmin')!.column;

/** An admin who keeps the company going: a deactivated (利用停止) one does not (countAdmins). */
export const isActiveAdmin = (v: TMemberBulkValues) =>
  v.roles.includes('CompanyAdmin') && v.status !== MemberStatus.Deactivated;

/** The privileges a row leaves: its 1/0 cells over the current ones, in column order. */
export const rolesFrom = (current: readonly TRole[], privileges: ParsedMemberRow['privileges']) =>
  ROLE_ORDER.filter((r) => privileges[r] ?? current.includes(r));

export type ToCheckedRow = (
  p: ParsedMemberRow,
  action: CheckedRow['action'],
  targetId: string | null,
  before: TMemberBulkValues | null,
  after: TMemberBulkValues | null,
) => CheckedRow;

export type EditCheckContext = {
  db: DbOrTx;
  m: ManipulationRow;
  loadMembers: (ids: string[]) => Promise<LoadedMembers>;
  toRow: ToCheckedRow;
  removesAdmin: (rowNumber: number, column: string) => void;
  grantsAdmin: () => void;
};

export function createEditCheck(ctx: EditCheckContext) {
  const { db, m, toRow } = ctx;

  /** The row's values over the member's, with its errors about the member as stored. */
  const edited = (
    p: ParsedMemberRow,
    cur: NonNullable<ReturnType<LoadedMembers['get']>>,
    owners: Map<string, string>,
  ) => {
    const before = cur.values;
    const after: TMemberBulkValues = {
      email: p.email ?? before.email,
      name: p.name ?? before.name,
      furigana: p.furigana === undefined ? (before.furigana ?? null) : p.furigana,
      organization: p.organization ?? before.organization,
      roles: rolesFrom(before.roles, p.privileges).filter((r) => p.privileges[r] !== false),
      groups: p.groups ?? before.groups,
      updatedAt: before.updatedAt,
      status: nextUseState(cur.state, p, m.createdBy),
    };
    const owner = owners.get(after.email);
    if (owner && owner !== p.id)
      p.errors.push({ column: MEMBER_CSV.email, message: MSG.emailTaken });
    const rolesChanged = after.roles.join() !== before.roles.join();
    if (rolesChanged && p.id === m.createdBy) {
      const col = MEMBER_ROLE_COLUMNS.find(
        (r) => before.roles.includes(r.role) !== after.roles.includes(r.role),
      )!.column;
      p.errors.push({ column: col, message: MSG.selfRoles });
    }
    // A member the company's IdP provisions: what SCIM sets is changed in the IdP, never by a file.
    if (cur.state.source === 'scim')
      for (const [column, changed] of [
        [MEMBER_CSV.email, after.email !== before.email],
        [MEMBER_CSV.name, after.name !== before.name],
        [MEMBER_CSV.organization, after.organization !== before.organization],
        [MEMBER_CSV.status, after.status !== before.status],
      ] as const)
        if (changed) p.errors.push({ column, message: SCIM_OWNED_MESSAGE });
    if (p.version !== null && !isSameVersion(p.version, cur.state.updatedAt))
      p.errors.push({ column: MEMBER_CSV.updatedAt, message: MSG.changedSince });
    const isChanged =
      rolesChanged ||
      after.email !== before.email ||
      after.name !== before.name ||
      after.furigana !== (before.furigana ?? null) ||
      after.organization !== before.organization ||
      after.groups.map((g) => g.id).join() !== before.groups.map((g) => g.id).join() ||
      after.status !== before.status;
    return { before, after, isChanged };
  };

  /** Demoting or deactivating an active admin removes one; promoting or restoring an admin adds one. */
  const countAdminChange = (
    p: ParsedMemberRow,
    before: TMemberBulkValues,
    after: TMemberBulkValues,
  ) => {
    const was = isActiveAdmin(before);
    const will = isActiveAdmin(after);
    if (was && !will)
      ctx.removesAdmin(
        p.row.rowNumber,
        after.roles.includes('CompanyAdmin') ? MEMBER_CSV.status : ADMIN_COLUMN,
      );
    if (!was && will) ctx.grantsAdmin();
  };

  const check = async (ps: ParsedMemberRow[]): Promise<CheckedRow[]> => {
    const ok = ps.filter((p) => p.errors.length === 0);
    const current = await ctx.loadMembers(ok.map((p) => p.id!));
    const newEmails = ok
      .filter((p) => p.email && current.get(p.id!) && current.get(p.id!)!.state.email !== p.email)
      .map((p) => p.email!);
    const owners = new Map((await findEmailOwners(db, newEmails)).map((o) => [o.email, o.id]));
    return ps.map((p) => {
      if (p.errors.length > 0) return toRow(p, 'error', p.id, null, null);
      const cur = current.get(p.id!);
      if (!cur) {
        p.errors.push({ column: MEMBER_CSV.id, message: MSG.memberNotFound });
        return toRow(p, 'error', p.id, null, null);
      }
      const { before, after, isChanged } = edited(p, cur, owners);
      if (p.errors.length === 0) countAdminChange(p, before, after);
      return toRow(p, isChanged ? 'update' : 'unchanged', p.id, before, after);
    });
  };

  return { check };
}
