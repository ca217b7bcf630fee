/**
 * Member rules (docs/design.md §1–§2): unique emails, self-guard, last-admin guard, invitations.
 * Every write runs in one transaction; the setup mail's token commits with the member.
 */
import type { TFindMembersFilter, TMember, TMemberSource } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  updateMemberValues,
  type CreateMemberBody,
  type UpdateMemberBody,
} from './member-values.ts';
import { EXCEPTION_DEMOTION } from '../../auth/sign-in-policy.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertVersion, nextVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import { emailChanged, revokeOnEmailChange } from '../../auth/revocation.ts';
import { recordSessionsEnded } from './member-sessions-audit.ts';
import { inviterOf, memberAuditTarget, toMember } from './member-mappers.ts';
import { memberCreatedEvent, newMemberRow } from './member-created.ts';
import { loadMemberDetail, membersOf, type MemberServiceDeps } from './member-detail.ts';
import * as repo from './members.repository.ts';
import { refuseScimOwnedFields } from './scim-owned.ts';
import {
  countMembers,
  findMemberList,
  listStats,
  streamMembers,
  type MemberListRow,
} from './member-list.repository.ts';
import type { MemberListFilter } from './member-list.sql.ts';
import { inactiveBefore } from './member-sign-in.sql.ts';
import { EntityType } from '@cloudsign/contract';
import { auditBy, changes, recordAuditEvent } from '../audit-log/audit-log.record.ts';

/**
 * A group's type if it is the company's (the member CSV's filters are checked against it too); the members
 * owning addresses (the member CSV's and SCIM's creates); one member, locked or not (provisioning's leavers).
 */
export { findEmailOwners, findGroupType, findMember } from './members.repository.ts';

const AUDITED_FIELDS = [
  'name',
  'furigana',
  'email',
  'organization',
  'roles',
  'status',
  'mfa',
] as const;
type Who = Pick<AuthContext, 'user' | 'isCompanyAdmin' | 'origin'> & { sessionId?: string };

export type { MemberServiceDeps } from './member-detail.ts';

export const emailTaken = (email: string) => {
  const message = `${email} はすでに使われています。`;
  return new AppError('email_taken', message, [{ path: 'email', message }]);
};

/**
 * Reading the member list (docs/design.md §1: members and groups are CompanyAdmin's). One narrow extension: a
 * member who administers a cabinet may list, with `cabinetId`, the members of that cabinet. Cabinet admins
 * pick admins and groups through the cabinet's own candidate calls, which show only what that needs.
 */
export async function findMembers(deps: MemberServiceDeps, who: Who, q: TFindMembersFilter) {
  const db = deps.database.db;
  const companyId = who.user.companyId;
  const repo = membersOf(deps);
  // Another company's (or no) cabinet is missing, never forbidden (docs/design.md §1: 404, never 403).
  if (q.cabinetId && !(await repo.cabinetExists(db, companyId, q.cabinetId))) throw notFound();
  if (!who.isCompanyAdmin && !(q.cabinetId && (await repo.canManageCabinet(db, who, q.cabinetId))))
    throw new AppError('forbidden');
  let userGroupId: string | undefined;
  if (q.groupId) {
    const type = await repo.findGroupType(db, companyId, q.groupId);
    if (type === null) throw notFound();
    if (type === EntityType.User) userGroupId = q.groupId;
  }
  const filter: MemberListFilter = {
    companyId,
    keyword: q.keyword,
    cabinetId: q.cabinetId,
    userGroupId,
    role: q.role,
    status: q.status,
    mfa: q.mfa,
    signIn: q.signIn,
    inactiveBefore: q.signIn === 'inactive90' ? inactiveBefore(deps.clock()) : undefined,
    source: q.source,
  };
  const stats = await listStats(db, companyId);
  if (q.page === -1) {
    const total = await countMembers(db, filter, stats);
    return { kind: 'stream' as const, total, stream: asMembers(streamMembers(db, filter, q.sort)) };
  }
  const { total, rows } = await findMemberList(db, filter, q.sort, q.page, stats);
  return { kind: 'page' as const, total, members: rows.map(toMember) };
}

/** Each streamed batch leaves as contract shapes, mapped exactly as a page's rows are. */
async function* asMembers(batches: AsyncGenerator<MemberListRow[]>): AsyncGenerator<TMember[]> {
  for await (const batch of batches) yield batch.map(toMember);
}

export const getMember = (deps: MemberServiceDeps, who: Who, id: string) =>
  loadMemberDetail(deps, who.user.companyId, id);

/**
 * How a caller other than the console creates: `source` is the 作成元 stored with the row, and `beforeInvite`
 * writes the caller's own rows for the member in the same transaction, before the invitation is mailed (a
 * failure there sends no mail for a member who never existed).
 */
export type CreateMemberOptions = {
  source?: TMemberSource;
  beforeInvite?: (tx: DbOrTx, member: { id: string }) => Promise<void>;
  /**
   * Created 利用停止 (an IdP's user sent with `active: false`): nobody is invited, since the link could not
   * be used; 利用再開 later invites him as for any member who never set a password.
   */
  isDeactivated?: boolean;
  /**
   * Created 有効 without a password (an IdP's user of a company that requires SSO): he signs in through the
   * IdP at once, as a member JIT creates does, so nobody is invited (the ACS refuses 招待中).
   */
  isSsoOnly?: boolean;
  /** How the invitation goes out; by default mailed in the transaction (429 past the day's limit). */
  invite?: (tx: DbOrTx, member: { id: string; email: string; name: string }) => Promise<void>;
};

export async function createMember(
  deps: MemberServiceDeps,
  who: Who,
  body: CreateMemberBody,
  opts: CreateMemberOptions = {},
) {
  const companyId = who.user.companyId;
  const repo = membersOf(deps);
  const id = await deps.database.db
    .transaction(async (tx) => {
      if (await repo.isEmailTaken(tx, body.email)) throw emailTaken(body.email);
      const created = newMemberRow(companyId, body, deps.clock(), opts);
      const { values, isInvited } = created;
      // The caller's rows and a queued invitation first, the member's row and the audit event last: from those
      // two on, the transaction holds the company's member counts and audit chain (their triggers) until it
      // commits, so concurrent creates (an IdP's sync at 20 at once) wait for each other only that long. The
      // row before the event: every writer of members takes the counts before the chain (docs/design.md).
      await opts.beforeInvite?.(tx, values);
      if (opts.invite && isInvited) await opts.invite(tx, values);
      const row = await repo.insertMember(tx, values);
      await recordAuditEvent(tx, memberCreatedEvent(who, created));
      // Status 0 (invited): the member sets a password through the mailed one-time link (docs/design.md §1).
      if (!opts.invite && isInvited) await issuePasswordSetupLink(deps, tx, row, inviterOf(who));
      return row.id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'users_email_key')) throw emailTaken(body.email);
      throw err;
    });
  return loadMemberDetail(deps, companyId, id);
}

/** 404 unless `id` is a member of the caller's company (checked before a save reads its body). */
export async function assertMember(deps: MemberServiceDeps, who: Who, id: string): Promise<void> {
  if (!(await membersOf(deps).findMember(deps.database.db, who.user.companyId, id)))
    throw notFound();
}

export async function updateMember(
  deps: MemberServiceDeps,
  who: Who,
  id: string,
  body: UpdateMemberBody,
  expected: ExpectedVersion,
) {
  const companyId = who.user.companyId;
  const repo = membersOf(deps);
  await deps.database.db
    .transaction(async (tx) => {
      const admins = body.roles ? await repo.lockCompanyAdmins(tx, companyId) : [];
      const current = await repo.findMember(tx, companyId, id, { forUpdate: true });
      if (!current) throw notFound();
      // Compared under the row lock: of two saves on one version, the second sees the first's and is refused.
      assertVersion(expected, current.updatedAt);
      refuseScimOwnedFields(current, body, who);
      // An identical save changes nothing: no new 更新日時 (a CSV downloaded earlier stays valid), no event.
      if (!memberChanged(current, body)) return;
      const rolesChange = body.roles && !sameRoles(body.roles, current.roles);
      if (rolesChange && id === who.user.id) {
        throw new AppError('self_forbidden', '自分自身の権限は変更できません。', [
          { path: 'roles', message: '自分自身の権限は変更できません。' },
        ]);
      }
      const losesAdmin =
        rolesChange &&
        current.roles.includes('CompanyAdmin') &&
        !body.roles!.includes('CompanyAdmin');
      if (losesAdmin && admins.filter((a) => a !== id).length === 0) throw lastAdmin();
      if (losesAdmin && (await repo.isSsoException(tx, companyId, id)))
        throw new AppError('invalid_state', EXCEPTION_DEMOTION, [
          { path: 'roles', message: EXCEPTION_DEMOTION },
        ]);
      if (
        body.email &&
        body.email !== current.email &&
        (await repo.isEmailTaken(tx, body.email, id))
      ) {
        throw emailTaken(body.email);
      }
      const values = updateMemberValues(
        current,
        body,
        nextVersion(deps.clock(), current.updatedAt),
      );
      await repo.updateMember(tx, companyId, id, values);
      const changed = changes(current, values, AUDITED_FIELDS);
      if (Object.keys(changed).length > 0)
        await recordAuditEvent(tx, {
          ...auditBy(who),
          action: 'member.updated',
          target: memberAuditTarget({ ...current, ...values }),
          details: changed,
          occurredAt: deps.clock(),
        });
      if (emailChanged(current.email, body.email)) {
        // The old address may have been mistyped: nothing mailed or signed in through it survives.
        const ended = await revokeOnEmailChange(
          tx,
          [id],
          id === who.user.id ? who.sessionId : undefined,
        );
        await recordSessionsEnded(tx, who, current, ended, 'emailChanged', deps.clock());
        if (current.status === 0)
          await issuePasswordSetupLink(
            deps,
            tx,
            {
              id,
              email: body.email!,
              name: body.name ?? current.name,
            },
            inviterOf(who),
          );
      }
    })
    .catch((err: unknown) => {
      if (body.email && isUniqueViolation(err, 'users_email_key')) throw emailTaken(body.email);
      throw err;
    });
  return loadMemberDetail(deps, companyId, id);
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((r) => b.includes(r));

/** Whether a PUT body (omitted fields unchanged) would store anything different. */
const memberChanged = (current: repo.UserRow, body: UpdateMemberBody) =>
  (body.email !== undefined && body.email !== current.email) ||
  (body.name !== undefined && body.name !== current.name) ||
  (body.furigana !== undefined && body.furigana !== current.furigana) ||
  (body.organization !== undefined && body.organization !== current.organization) ||
  (body.roles !== undefined && !sameRoles(body.roles, current.roles));

export const lastAdmin = () =>
  new AppError(
    'last_admin',
    '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。',
  );
