/** Who can read what, and why (「アクセスできる人」 panel; spec §7 `GET /cabinets_read_document/{id}`). */
import { CABINET_ACCESS_PAGE_SIZE, CABINET_CANDIDATES_LIMIT } from '@cloudsign/contract';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { cabinetsOf, loadManaged, requireUsers, type Ctx } from './cabinets.service.ts';

/** Readers of one cabinet: for those who manage it (it lists colleagues and their groups). */
export async function cabinetReaders(ctx: Ctx, id: string, q: { page: number; keyword?: string }) {
  await loadManaged(ctx, id);
  return cabinetsOf(ctx).selectCabinetReaders(ctx.db, {
    companyId: ctx.auth.user.companyId,
    cabinetId: id,
    keyword: q.keyword,
    limit: CABINET_ACCESS_PAGE_SIZE,
    offset: (q.page - 1) * CABINET_ACCESS_PAGE_SIZE,
  });
}

/** What member `userId` may read: company admins ask about anyone, a member about themselves. */
export async function readableCabinetsOf(ctx: Ctx, userId: string) {
  await requireUsers(ctx, [userId]).catch(() => {
    throw notFound();
  });
  if (!ctx.auth.isCompanyAdmin && ctx.auth.user.id !== userId) throw forbidden();
  return cabinetsOf(ctx).selectReadableCabinets(ctx.db, ctx.auth.user.companyId, userId);
}

/** Colleagues a manager may make admins of the cabinet. */
export async function memberCandidates(ctx: Ctx, id: string, q: { keyword?: string }) {
  await loadManaged(ctx, id);
  return cabinetsOf(ctx).selectMemberCandidates(
    ctx.db,
    ctx.auth.user.companyId,
    q.keyword,
    CABINET_CANDIDATES_LIMIT,
  );
}

/** Groups a manager may grant reading or use in a classification rule. */
export async function groupCandidates(ctx: Ctx, id: string) {
  await loadManaged(ctx, id);
  const groups = await cabinetsOf(ctx).selectGroupCandidates(ctx.db, ctx.auth.user.companyId);
  return { memberGroups: groups };
}
