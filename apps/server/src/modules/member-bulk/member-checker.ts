/**
 * The member rows' checks (docs/design.md §3), in order: cells → across rows → references → state. A row stops
 * at the first stage that finds an error, so each message is about the cause, not its consequences.
 * Look-ups are per batch (one query each), so a 300,000-row file costs a few hundred queries.
 */
import {
  BulkKind,
  MEMBER_CSV,
  MemberStatus,
  MEMBER_ROLE_COLUMNS,
  SCIM_OWNED_MESSAGE,
  type TMemberBulkValues,
  type TRole,
} from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { CheckedRow, ManipulationRow, RowChecker } from '../../bulk/bulk.types.ts';
import {
  countAdmins,
  findEmailOwners,
  findGroups,
  findGroupsOfMembers,
  findMembersByIds,
  type MemberState,
} from './member-bulk.repository.ts';
import { memberColumnSpec, formatVersion } from './member-cells.ts';
import { isSameVersion } from '../../bulk/version-cell.ts';
import { findDocumentApproval } from './member-use-state.sql.ts';
import { nextUseState } from './member-use-state-check.ts';
import { FirstRowIndex } from './first-row-index.ts';
import { MSG } from './member-check-messages.ts';
import { createRowParser, type ParsedMemberRow as Parsed } from './member-row-parse.ts';
import { createDeleteCheck } from './member-delete-check.ts';

const ROLE_ORDER = MEMBER_ROLE_COLUMNS.map((r) => r.role);
const ADMIN_COLUMN = MEMBER_ROLE_COLUMNS.find((r) => r.role === 'CompanyAdmin')!.column;
/** An admin who keeps the company going: a deactivated (利用停止) one does not (countAdmins). */
const isActiveAdmin = (v: TMemberBulkValues) =>
  v.roles.includes('CompanyAdmin') && v.status !== MemberStatus.Deactivated;

export async function createMemberChecker(
  db: DbOrTx,
  m: ManipulationRow,
  headers: readonly string[],
): Promise<RowChecker> {
  const kind = m.kind;
  const companyId = m.companyId;
  const groups = await findGroups(db, companyId);
  const documentApproval = await findDocumentApproval(db, companyId);
  const userGroups = groups.filter((g) => g.type === 0);
  const byId = new Map(userGroups.map((g) => [g.id, g]));
  const byName = new Map(userGroups.map((g) => [g.name, g]));
  // The system group 「すべてのメンバー」 holds everyone implicitly: naming it is allowed and changes nothing.
  const system = new Set(groups.filter((g) => g.type === 1).flatMap((g) => [g.id, g.name]));
  // The only state kept across the whole file: the first row of each email and member id (first-row-index.ts).
  const firstRowOfEmail = new FirstRowIndex();
  const firstRowOfId = new FirstRowIndex();
  const adminRemovals: { rowNumber: number; column: string }[] = [];
  let adminGrants = 0;

  const parse = createRowParser(kind, headers);

  /** Across rows: the same email or member twice in one file; the later row is the error. */
  const claim = (
    firstRowOf: FirstRowIndex,
    key: string,
    p: Parsed,
    column: string,
    message: (row: number) => string,
  ) => {
    const first = firstRowOf.claim(key, p.row.rowNumber);
    if (first !== undefined) p.errors.push({ column, message: message(first) });
  };

  const acrossRows = (p: Parsed) => {
    if (p.id) claim(firstRowOfId, p.id, p, MEMBER_CSV.id, MSG.duplicateMember);
    if (p.email && !(kind === BulkKind.Delete && p.id)) {
      claim(
        firstRowOfEmail,
        p.email,
        p,
        MEMBER_CSV.email,
        kind === BulkKind.Delete ? MSG.duplicateMember : MSG.duplicateEmail,
      );
    }
  };

  const references = (p: Parsed) => {
    if (!p.groupTokens) return;
    p.groups = [];
    if (p.groupTokens.length === 0) return;
    for (const t of p.groupTokens) {
      const g = byId.get(t.toLowerCase()) ?? byName.get(t);
      if (g) {
        if (!p.groups.some((x) => x.id === g.id)) p.groups.push({ id: g.id, name: g.name });
      } else if (!system.has(t) && !system.has(t.toLowerCase()))
        p.errors.push({ column: MEMBER_CSV.groups, message: MSG.groupNotFound(t) });
    }
    p.groups.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };

  const rolesFrom = (current: readonly TRole[], privileges: Parsed['privileges']) =>
    ROLE_ORDER.filter((r) => privileges[r] ?? current.includes(r));

  const toRow = (
    p: Parsed,
    action: CheckedRow['action'],
    targetId: string | null,
    before: TMemberBulkValues | null,
    after: TMemberBulkValues | null,
  ): CheckedRow => ({
    rowNumber: p.row.rowNumber,
    action: p.errors.length > 0 ? 'error' : action,
    targetId,
    input: p.row.input,
    before,
    after,
    errors: p.errors,
  });

  const checkAdds = async (ps: Parsed[]): Promise<CheckedRow[]> => {
    const ok = ps.filter((p) => p.errors.length === 0);
    const taken = new Set(
      (
        await findEmailOwners(
          db,
          ok.map((p) => p.email!),
        )
      ).map((o) => o.email),
    );
    return ps.map((p) => {
      if (p.errors.length === 0 && taken.has(p.email!))
        p.errors.push({ column: MEMBER_CSV.email, message: MSG.emailTaken });
      if (p.errors.length > 0) return toRow(p, 'add', null, null, null);
      const after: TMemberBulkValues = {
        email: p.email ?? '',
        name: p.name ?? '',
        furigana: p.furigana ?? null,
        organization: p.organization ?? '',
        roles: rolesFrom([], p.privileges),
        groups: p.groups ?? [],
      };
      if (after.roles.includes('CompanyAdmin')) adminGrants += 1;
      return toRow(p, 'add', null, null, after);
    });
  };

  const loadMembers = async (ids: string[]) => {
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
  };

  const checkEdits = async (ps: Parsed[]): Promise<CheckedRow[]> => {
    const ok = ps.filter((p) => p.errors.length === 0);
    const current = await loadMembers(ok.map((p) => p.id!));
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
      // Demoting or deactivating an active admin removes one; promoting or restoring an admin adds one.
      if (p.errors.length === 0) {
        const was = isActiveAdmin(before);
        const will = isActiveAdmin(after);
        if (was && !will)
          adminRemovals.push({
            rowNumber: p.row.rowNumber,
            column: after.roles.includes('CompanyAdmin') ? MEMBER_CSV.status : ADMIN_COLUMN,
          });
        if (!was && will) adminGrants += 1;
      }
      return toRow(p, isChanged ? 'update' : 'unchanged', p.id, before, after);
    });
  };

  const deletes = createDeleteCheck({
    db,
    m,
    firstRowOfId,
    claimId: (id, p, column) => claim(firstRowOfId, id, p, column, MSG.duplicateMember),
    loadMembers,
    toRow,
    removesAdmin: (rowNumber, column) => adminRemovals.push({ rowNumber, column }),
  });

  return {
    columns: memberColumnSpec(kind, documentApproval),
    checkBatch: async (rows) => {
      const ps = rows.map(parse);
      for (const p of ps) if (p.errors.length === 0) acrossRows(p);
      for (const p of ps) if (p.errors.length === 0) references(p);
      if (kind === BulkKind.Add) return checkAdds(ps);
      if (kind === BulkKind.Edit) return checkEdits(ps);
      return deletes.check(ps);
    },
    finish: async () => {
      const successorErrors = kind === BulkKind.Delete ? deletes.finish() : [];
      if (adminRemovals.length === 0) return successorErrors;
      const admins = await countAdmins(db, companyId);
      if (admins - adminRemovals.length + adminGrants > 0) return successorErrors;
      return [
        ...successorErrors,
        ...adminRemovals.map((r) => ({
          rowNumber: r.rowNumber,
          column: r.column,
          message: MSG.lastAdmin,
        })),
      ];
    },
  };
}
