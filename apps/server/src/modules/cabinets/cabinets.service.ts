/**
 * Cabinet rules (docs/design.md §1 "Tenancy and permissions", §2). CompanyAdmin does everything; a
 * cabinet's admins manage that cabinet but cannot create or delete cabinets; other members read what their
 * groups grant. Ids of another company answer 404 (never 403), checked all-or-nothing before any write.
 */
import type { TCabinet, TCreateCabinetRequest, TUpdateCabinetRequest } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { assertVersion, nextVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import * as repo from './cabinets.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { EntityType, type TAuditAction } from '@cloudsign/contract';
import { auditBy, changes, recordAuditEvent } from '../audit-log/audit-log.record.ts';

/**
 * The database, the caller, the clock (a new 更新日時 is its time) and the cabinets repository, which every
 * rule of the area reads (the real one unless a rule test passes its own).
 */
export type Ctx = { db: DbOrTx; auth: AuthContext; clock: () => Date; cabinets?: typeof repo };
export const cabinetsOf = (ctx: Pick<Ctx, 'cabinets'>) => ctx.cabinets ?? repo;

export const viewerOf = (auth: AuthContext): repo.Viewer => ({
  companyId: auth.user.companyId,
  userId: auth.user.id,
  isCompanyAdmin: auth.isCompanyAdmin,
});

const nameTaken = () =>
  new AppError('name_taken', 'このキャビネット名はすでに使われています。', [
    { path: 'name', message: 'このキャビネット名はすでに使われています。' },
  ]);
const systemProtected = (message: string) => new AppError('system_protected', message);

export async function listCabinets(ctx: Ctx): Promise<TCabinet[]> {
  return cabinetsOf(ctx).selectCabinets(ctx.db, viewerOf(ctx.auth));
}

/** The cabinet as the caller sees it (after a check that they may read it). */
export async function cabinetView(ctx: Ctx, id: string): Promise<TCabinet> {
  const repo = cabinetsOf(ctx);
  const [cabinet] = await repo.selectCabinets(
    ctx.db,
    { ...viewerOf(ctx.auth), isCompanyAdmin: true },
    { id },
  );
  if (!cabinet) throw notFound();
  return ctx.auth.isCompanyAdmin
    ? cabinet
    : { ...cabinet, isAdmin: await repo.canManageCabinet(ctx.db, ctx.auth, id) };
}

/** 404 for another company's (or no) cabinet, 403 for a colleague's cabinet the caller may not read. */
export async function loadReadable(ctx: Ctx, id: string) {
  const repo = cabinetsOf(ctx);
  const row = await repo.findCabinet(ctx.db, ctx.auth.user.companyId, id);
  if (!row) throw notFound();
  if (!(await repo.canReadCabinet(ctx.db, ctx.auth, id))) throw forbidden();
  return row;
}

export async function loadManaged(ctx: Ctx, id: string) {
  const repo = cabinetsOf(ctx);
  const row = await repo.findCabinet(ctx.db, ctx.auth.user.companyId, id);
  if (!row) throw notFound();
  if (!(await repo.canManageCabinet(ctx.db, ctx.auth, id))) throw forbidden();
  return row;
}

export async function createCabinet(
  ctx: Ctx,
  input: TCreateCabinetRequest & { note: string },
): Promise<TCabinet> {
  if (!ctx.auth.isCompanyAdmin) throw forbidden();
  const { db, auth } = ctx;
  const repo = cabinetsOf(ctx);
  if (await repo.isNameTaken(db, auth.user.companyId, input.name)) throw nameTaken();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const newId = await repo.insertCabinet(tx, auth.user.companyId, {
        name: input.name,
        note: input.note,
      });
      await recordAuditEvent(tx, {
        ...auditBy(auth),
        action: 'cabinet.created',
        target: { type: 'cabinet', id: newId, name: input.name },
        details: changes({ name: '', note: '' }, input, ['name', 'note']),
      });
      return newId;
    });
  } catch (err) {
    // Two admins creating the same name at once: the unique index decides.
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return cabinetView(ctx, id);
}

export async function updateCabinet(
  ctx: Ctx,
  id: string,
  input: TUpdateCabinetRequest & { note: string },
  expected: ExpectedVersion,
): Promise<TCabinet> {
  const row = await loadManaged(ctx, id);
  if (row.type === EntityType.System)
    throw systemProtected('「すべての書類」の名前と備考は変更できません。');
  const companyId = ctx.auth.user.companyId;
  const repo = cabinetsOf(ctx);
  try {
    await ctx.db.transaction(async (tx) => {
      // Compared under the row lock: of two saves on one version, the second is refused.
      const current = await repo.findCabinet(tx, companyId, id, { forUpdate: true });
      if (!current) throw notFound();
      assertVersion(expected, current.updatedAt);
      const changed = changes(current, input, ['name', 'note']);
      // An identical save changes nothing: no new 更新日時, no event.
      if (Object.keys(changed).length === 0) return;
      if (await repo.isNameTaken(tx, companyId, input.name, id)) throw nameTaken();
      await repo.updateCabinet(tx, companyId, id, {
        name: input.name,
        note: input.note,
        updatedAt: nextVersion(ctx.clock(), current.updatedAt),
      });
      await recordAuditEvent(tx, {
        ...auditBy(ctx.auth),
        action: 'cabinet.updated',
        target: { type: 'cabinet', id, name: input.name },
        details: changed,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return cabinetView(ctx, id);
}

export async function deleteCabinet(ctx: Ctx, id: string): Promise<number> {
  const repo = cabinetsOf(ctx);
  const row = await repo.findCabinet(ctx.db, ctx.auth.user.companyId, id);
  if (!row) throw notFound();
  if (!ctx.auth.isCompanyAdmin) throw forbidden();
  if (row.type === EntityType.System) throw systemProtected('「すべての書類」は削除できません。');
  return ctx.db.transaction(async (tx) => {
    const unlinked = await repo.deleteCabinet(tx, ctx.auth.user.companyId, id);
    await recordAuditEvent(tx, {
      ...auditBy(ctx.auth),
      action: 'cabinet.deleted',
      target: { type: 'cabinet', id, name: row.name },
      details: {},
    });
    return unlinked;
  });
}

export type Named = { id: string; name: string };
export const idsOf = (rows: readonly Named[]) => rows.map((r) => r.id);

/**
 * Every id must be a group (or member) of the caller's company, else 404 and nothing is written. Returns
 * them with their names, which the audit event records as they are at that moment.
 */
async function requireOwn(
  ctx: Ctx,
  table: 'member_groups' | 'users',
  ids: readonly string[],
  notFoundMessage: string,
): Promise<Named[]> {
  const unique = [...new Set(ids)];
  const { db, auth } = ctx;
  const rows = await cabinetsOf(ctx).companyRowNames(db, table, auth.user.companyId, unique);
  if (rows.length !== unique.length) throw new AppError('not_found', notFoundMessage);
  return rows;
}

export const requireGroups = (ctx: Ctx, ids: readonly string[]) =>
  requireOwn(ctx, 'member_groups', ids, '指定されたメンバーグループが見つかりません。');

export const requireUsers = (ctx: Ctx, ids: readonly string[]) =>
  requireOwn(ctx, 'users', ids, '指定されたメンバーが見つかりません。');

/**
 * An additive or subtractive call on a cabinet's links: `link` returns the ids it changed, and the event names
 * those alone. Adding what is there or removing what is not changes nothing and records nothing.
 */
export async function auditedLinks(
  ctx: Ctx,
  cabinet: { id: string; name: string },
  action: TAuditAction,
  key: 'groups' | 'members',
  named: readonly Named[],
  link: (tx: Tx) => Promise<string[]>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const changed = new Set(await link(tx));
    if (changed.size === 0) return;
    await recordAuditEvent(tx, {
      ...auditBy(ctx.auth),
      action,
      target: { type: 'cabinet', id: cabinet.id, name: cabinet.name },
      details: { [key]: named.filter((n) => changed.has(n.id)) },
    });
  });
}

export async function addMemberGroups(ctx: Ctx, id: string, groupIds: string[]) {
  const row = await loadManaged(ctx, id);
  const groups = await requireGroups(ctx, groupIds);
  await auditedLinks(ctx, row, 'cabinet.groupsGranted', 'groups', groups, (tx) =>
    cabinetsOf(ctx).linkGroups(tx, 'cabinet_member_groups', id, idsOf(groups)),
  );
  return cabinetView(ctx, id);
}

export async function removeMemberGroup(ctx: Ctx, id: string, groupId: string) {
  const row = await loadManaged(ctx, id);
  const groups = await requireGroups(ctx, [groupId]);
  await auditedLinks(ctx, row, 'cabinet.groupRevoked', 'groups', groups, (tx) =>
    cabinetsOf(ctx).unlinkGroups(tx, 'cabinet_member_groups', id, [groupId]),
  );
  return cabinetView(ctx, id);
}

export async function addAdmins(ctx: Ctx, id: string, userIds: string[]) {
  const row = await loadManaged(ctx, id);
  const members = await requireUsers(ctx, userIds);
  await auditedLinks(ctx, row, 'cabinet.adminsAdded', 'members', members, (tx) =>
    cabinetsOf(ctx).addAdmins(tx, id, idsOf(members)),
  );
  return cabinetView(ctx, id);
}

export async function removeAdmins(ctx: Ctx, id: string, userIds: string[]) {
  const row = await loadManaged(ctx, id);
  const members = await requireUsers(ctx, userIds);
  await auditedLinks(ctx, row, 'cabinet.adminsRemoved', 'members', members, (tx) =>
    cabinetsOf(ctx).removeAdmins(tx, id, idsOf(members)),
  );
  return cabinetView(ctx, id);
}
