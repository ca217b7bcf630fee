/**
 * Cabinet rules (docs/design.md §1 "Tenancy and permissions", §2). CompanyAdmin does everything; a
 * cabinet's admins manage that cabinet but cannot create or delete cabinets; other members read what their
 * groups grant. Ids of another company answer 404 (never 403), checked all-or-nothing before any write.
 */
import type { TCabinet, TCreateCabinetRequest, TUpdateCabinetRequest } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import { canManageCabinet, canReadCabinet } from '../../auth/access.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import * as repo from './cabinets.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { EntityType } from '@cloudsign/contract';

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
    id = await repo.insertCabinet(db, auth.user.companyId, { name: input.name, note: input.note });
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
    await repo.updateCabinet(ctx.db, companyId, id, { name: input.name, note: input.note });
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
  return ctx.db.transaction((tx) => repo.deleteCabinet(tx, ctx.auth.user.companyId, id));
}

/** Every id must be a group of the caller's company, else 404 and nothing is written. */
export async function requireGroups({ db, auth }: Ctx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if ((await repo.countCompanyGroups(db, auth.user.companyId, unique)) !== unique.length) {
    throw new AppError('not_found', '指定されたメンバーグループが見つかりません。');
  }
  return unique;
}

export async function requireUsers({ db, auth }: Ctx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if ((await repo.countCompanyUsers(db, auth.user.companyId, unique)) !== unique.length) {
    throw new AppError('not_found', '指定されたメンバーが見つかりません。');
  }
  return unique;
}

export async function addMemberGroups(ctx: Ctx, id: string, groupIds: string[]) {
  await loadManaged(ctx, id);
  const ids = await requireGroups(ctx, groupIds);
  await repo.linkGroups(ctx.db, 'cabinet_member_groups', id, ids);
  return cabinetView(ctx, id);
}

export async function removeMemberGroup(ctx: Ctx, id: string, groupId: string) {
  await loadManaged(ctx, id);
  await requireGroups(ctx, [groupId]);
  await repo.unlinkGroups(ctx.db, 'cabinet_member_groups', id, [groupId]);
  return cabinetView(ctx, id);
}

export async function addAdmins(ctx: Ctx, id: string, userIds: string[]) {
  await loadManaged(ctx, id);
  const ids = await requireUsers(ctx, userIds);
  await repo.addAdmins(ctx.db, id, ids);
  return cabinetView(ctx, id);
}

export async function removeAdmins(ctx: Ctx, id: string, userIds: string[]) {
  await loadManaged(ctx, id);
  const ids = await requireUsers(ctx, userIds);
  await repo.removeAdmins(ctx.db, id, ids);
  return cabinetView(ctx, id);
}
