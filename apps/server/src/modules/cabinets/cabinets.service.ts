/**
 * Cabinet rules (docs/design.md §1 "Tenancy and permissions", §2). CompanyAdmin does everything; a
 * cabinet's admins manage that cabinet but cannot create or delete cabinets; other members read what their
 * groups grant. Ids of another company answer 404 (never 403), checked all-or-nothing before any write.
 */
import type { TCabinet, TCreateCabinetRequest, TUpdateCabinetRequest } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import { canManageCabinet, canReadCabinet } from '../../auth/access.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import * as repo from './cabinets.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { EntityType, type TAuditAction } from '@cloudsign/contract';
import { auditBy, changes, recordAuditEvent } from '../audit-log/audit-log.record.ts';

/** One change of a cabinet and its audit event, committed together. */
export async function audited<T>(
  ctx: Ctx,
  cabinet: { id: string; name: string },
  action: TAuditAction,
  details: Record<string, unknown>,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const result = await write(tx);
    await recordAuditEvent(tx, {
      ...auditBy(ctx.auth),
      action,
      target: { type: 'cabinet', id: cabinet.id, name: cabinet.name },
      details,
    });
    return result;
  });
}

export type Ctx = { db: DbOrTx; auth: AuthContext };

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

export async function listCabinets({ db, auth }: Ctx): Promise<TCabinet[]> {
  return repo.selectCabinets(db, viewerOf(auth));
}

/** The cabinet as the caller sees it (after a check that they may read it). */
export async function cabinetView({ db, auth }: Ctx, id: string): Promise<TCabinet> {
  const [cabinet] = await repo.selectCabinets(
    db,
    { ...viewerOf(auth), isCompanyAdmin: true },
    { id },
  );
  if (!cabinet) throw notFound();
  return auth.isCompanyAdmin
    ? cabinet
    : { ...cabinet, isAdmin: await canManageCabinet(db, auth, id) };
}

/** 404 for another company's (or no) cabinet, 403 for a colleague's cabinet the caller may not read. */
export async function loadReadable({ db, auth }: Ctx, id: string) {
  const row = await repo.findCabinet(db, auth.user.companyId, id);
  if (!row) throw notFound();
  if (!(await canReadCabinet(db, auth, id))) throw forbidden();
  return row;
}

export async function loadManaged({ db, auth }: Ctx, id: string) {
  const row = await repo.findCabinet(db, auth.user.companyId, id);
  if (!row) throw notFound();
  if (!(await canManageCabinet(db, auth, id))) throw forbidden();
  return row;
}

export async function createCabinet(
  ctx: Ctx,
  input: TCreateCabinetRequest & { note: string },
): Promise<TCabinet> {
  if (!ctx.auth.isCompanyAdmin) throw forbidden();
  const { db, auth } = ctx;
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
): Promise<TCabinet> {
  const row = await loadManaged(ctx, id);
  if (row.type === EntityType.System)
    throw systemProtected('「すべての書類」の名前と備考は変更できません。');
  const companyId = ctx.auth.user.companyId;
  if (await repo.isNameTaken(ctx.db, companyId, input.name, id)) throw nameTaken();
  try {
    await audited(
      ctx,
      { id, name: input.name },
      'cabinet.updated',
      changes(row, input, ['name', 'note']),
      (tx) => repo.updateCabinet(tx, companyId, id, { name: input.name, note: input.note }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return cabinetView(ctx, id);
}

export async function deleteCabinet(ctx: Ctx, id: string): Promise<number> {
  const row = await repo.findCabinet(ctx.db, ctx.auth.user.companyId, id);
  if (!row) throw notFound();
  if (!ctx.auth.isCompanyAdmin) throw forbidden();
  if (row.type === EntityType.System) throw systemProtected('「すべての書類」は削除できません。');
  return audited(ctx, row, 'cabinet.deleted', {}, (tx) =>
    repo.deleteCabinet(tx, ctx.auth.user.companyId, id),
  );
}

export type Named = { id: string; name: string };
export const idsOf = (rows: readonly Named[]) => rows.map((r) => r.id);

/**
 * Every id must be a group (or member) of the caller's company, else 404 and nothing is written. Returns
 * them with their names, which the audit event records as they are at that moment.
 */
async function requireOwn(
  { db, auth }: Ctx,
  table: 'member_groups' | 'users',
  ids: readonly string[],
  notFoundMessage: string,
): Promise<Named[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.companyRowNames(db, table, auth.user.companyId, unique);
  if (rows.length !== unique.length) throw new AppError('not_found', notFoundMessage);
  return rows;
}

export const requireGroups = (ctx: Ctx, ids: readonly string[]) =>
  requireOwn(ctx, 'member_groups', ids, '指定されたメンバーグループが見つかりません。');

export const requireUsers = (ctx: Ctx, ids: readonly string[]) =>
  requireOwn(ctx, 'users', ids, '指定されたメンバーが見つかりません。');

export async function addMemberGroups(ctx: Ctx, id: string, groupIds: string[]) {
  const row = await loadManaged(ctx, id);
  const groups = await requireGroups(ctx, groupIds);
  await audited(ctx, row, 'cabinet.groupsGranted', { groups }, (tx) =>
    repo.linkGroups(tx, 'cabinet_member_groups', id, idsOf(groups)),
  );
  return cabinetView(ctx, id);
}

export async function removeMemberGroup(ctx: Ctx, id: string, groupId: string) {
  const row = await loadManaged(ctx, id);
  const groups = await requireGroups(ctx, [groupId]);
  await audited(ctx, row, 'cabinet.groupRevoked', { groups }, (tx) =>
    repo.unlinkGroups(tx, 'cabinet_member_groups', id, [groupId]),
  );
  return cabinetView(ctx, id);
}

export async function addAdmins(ctx: Ctx, id: string, userIds: string[]) {
  const row = await loadManaged(ctx, id);
  const members = await requireUsers(ctx, userIds);
  await audited(ctx, row, 'cabinet.adminsAdded', { members }, (tx) =>
    repo.addAdmins(tx, id, idsOf(members)),
  );
  return cabinetView(ctx, id);
}

export async function removeAdmins(ctx: Ctx, id: string, userIds: string[]) {
  const row = await loadManaged(ctx, id);
  const members = await requireUsers(ctx, userIds);
  await audited(ctx, row, 'cabinet.adminsRemoved', { members }, (tx) =>
    repo.removeAdmins(tx, id, idsOf(members)),
  );
  return cabinetView(ctx, id);
}
