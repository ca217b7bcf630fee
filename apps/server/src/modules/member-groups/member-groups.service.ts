/**
 * Member-group rules (docs/design.md §2): names unique in the company; the system group 「すべてのメンバー」
 * (type 1) holds everyone implicitly and is read-only; membership changes report exactly how many changed
 * (spec §4: totals move by that number).
 */
import type { TMemberGroup } from '@cloudsign/contract';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertVersion, nextVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import * as repo from './member-groups.repository.ts';
import { EntityType, memberLabel } from '@cloudsign/contract';
import { auditBy, changes, recordAuditEvent } from '../audit-log/audit-log.record.ts';

type Who = Pick<AuthContext, 'user' | 'origin'>;

const groupTarget = (g: { id: string; name: string }) => ({
  type: 'memberGroup' as const,
  id: g.id,
  name: g.name,
});

export const toMemberGroup = (g: repo.GroupRow): TMemberGroup => ({
  id: g.id,
  name: g.name,
  note: g.note,
  type: g.type as TMemberGroup['type'],
  memberCount: g.memberCount,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});

const nameTaken = (name: string) => {
  const message = `${name} はすでに使われています。`;
  return new AppError('name_taken', message, [{ path: 'name', message }]);
};
const systemProtected = () =>
  new AppError(
    'system_protected',
    '「すべてのメンバー」はシステムが管理するグループのため、変更・削除できません。',
  );

export async function findGroups(deps: AppDeps, who: Who, userOnly: boolean) {
  const rows = await repo.findGroups(deps.database.db, who.user.companyId, userOnly);
  return { memberGroups: rows.map(toMemberGroup), total: rows.length };
}

export async function getGroup(deps: AppDeps, who: Who, id: string) {
  const row = await repo.findGroup(deps.database.db, who.user.companyId, id);
  if (!row) throw notFound();
  return toMemberGroup(row);
}

export async function createGroup(deps: AppDeps, who: Who, body: { name: string; note: string }) {
  const companyId = who.user.companyId;
  const id = await deps.database.db
    .transaction(async (tx) => {
      if (await repo.isGroupNameTaken(tx, companyId, body.name)) throw nameTaken(body.name);
      const now = deps.clock();
      const id = await repo.insertGroup(tx, {
        companyId,
        name: body.name,
        note: body.note,
        type: EntityType.User,
        createdAt: now,
        updatedAt: now,
      });
      await recordAuditEvent(tx, {
        ...auditBy(who),
        action: 'memberGroup.created',
        target: groupTarget({ id, name: body.name }),
        details: changes({ name: '', note: '' }, body, ['name', 'note']),
        occurredAt: now,
      });
      return id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'member_groups_company_name_key')) throw nameTaken(body.name);
      throw err;
    });
  return getGroup(deps, who, id);
}

/** Locks the group for the write; another company's or a missing group is 404, the system group 409. */
async function lockUserGroup(
  tx: Parameters<Parameters<AppDeps['database']['db']['transaction']>[0]>[0],
  companyId: string,
  id: string,
) {
  const group = await repo.findGroup(tx, companyId, id, { forUpdate: true });
  if (!group) throw notFound();
  if (group.type === EntityType.System) throw systemProtected();
  return group;
}

export async function updateGroup(
  deps: AppDeps,
  who: Who,
  id: string,
  body: { name?: string | undefined; note?: string | undefined },
  expected: ExpectedVersion,
) {
  const companyId = who.user.companyId;
  await deps.database.db
    .transaction(async (tx) => {
      const group = await lockUserGroup(tx, companyId, id);
      // Compared under the row lock: of two saves on one version, the second is refused.
      assertVersion(expected, group.updatedAt);
      const changed = changes(group, body, ['name', 'note']);
      // An identical save changes nothing: no new 更新日時, no event.
      if (Object.keys(changed).length === 0) return;
      if (body.name !== undefined && (await repo.isGroupNameTaken(tx, companyId, body.name, id)))
        throw nameTaken(body.name);
      await repo.updateGroup(tx, companyId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.note !== undefined ? { note: body.note } : {}),
        updatedAt: nextVersion(deps.clock(), group.updatedAt),
      });
      await recordAuditEvent(tx, {
        ...auditBy(who),
        action: 'memberGroup.updated',
        target: groupTarget({ id, name: body.name ?? group.name }),
        details: changed,
        occurredAt: deps.clock(),
      });
    })
    .catch((err: unknown) => {
      if (body.name !== undefined && isUniqueViolation(err, 'member_groups_company_name_key'))
        throw nameTaken(body.name);
      throw err;
    });
  return getGroup(deps, who, id);
}

export async function deleteGroup(deps: AppDeps, who: Who, id: string) {
  await deps.database.db.transaction(async (tx) => {
    const group = await lockUserGroup(tx, who.user.companyId, id);
    await repo.deleteGroup(tx, who.user.companyId, id);
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'memberGroup.deleted',
      target: groupTarget(group),
      details: { memberCount: group.memberCount },
      occurredAt: deps.clock(),
    });
  });
}

/** Every id must be a member of this company, else nothing changes and each unknown one is named. */
/** How many members an event of a membership change names (an event is one row, not one per member). */
const AUDITED_NAMES = 100;

async function assertMembers(
  tx: Parameters<typeof repo.existingMemberIds>[0],
  companyId: string,
  userIds: string[],
) {
  const found = await repo.existingMemberIds(tx, companyId, userIds);
  const missing = userIds.flatMap((id, i) =>
    found.has(id) ? [] : [{ path: `userIds.${i}`, message: 'メンバーが見つかりません。' }],
  );
  if (missing.length > 0)
    throw new AppError('not_found', 'ご指定のメンバーが見つかりませんでした。', missing);
}

export async function changeMemberships(
  deps: AppDeps,
  who: Who,
  id: string,
  userIds: string[],
  action: 'add' | 'remove',
) {
  const companyId = who.user.companyId;
  const unique = [...new Set(userIds)];
  const changed = await deps.database.db.transaction(async (tx) => {
    const group = await lockUserGroup(tx, companyId, id);
    await assertMembers(tx, companyId, unique);
    const changedIds =
      action === 'add'
        ? await repo.addMemberships(tx, id, unique)
        : await repo.removeMemberships(tx, id, unique);
    if (changedIds.length > 0) {
      // One moment for the group and the members whose membership changed.
      const now = deps.clock();
      await repo.updateGroup(tx, companyId, id, { updatedAt: now });
      const touched = await repo.touchMembers(tx, changedIds, now);
      // Named as they are now, the first hundred at most: the count says how many there were in all.
      const members = touched
        .slice(0, AUDITED_NAMES)
        .map((m) => ({ id: m.id, name: memberLabel(m) }));
      await recordAuditEvent(tx, {
        ...auditBy(who),
        action: action === 'add' ? 'memberGroup.membersAdded' : 'memberGroup.membersRemoved',
        target: groupTarget(group),
        details: { count: changedIds.length, members },
        occurredAt: now,
      });
    }
    return changedIds.length;
  });
  return { changed, memberGroup: await getGroup(deps, who, id) };
}
