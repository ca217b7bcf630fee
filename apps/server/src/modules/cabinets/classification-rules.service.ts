/**
 * Classification rules of a cabinet: add/remove groups, a dry run ("this rule would file N existing
 * documents") and an optional backfill as a background job.
 *
 * A rule pulls documents of other members into the cabinet, where its readers read them and its admins
 * edit them. So setting rules, asking their dry run and backfilling are a company admin's grant: a cabinet
 * admin sees the rules and the backfills' progress, and changes none (docs/decisions.md "Who may file
 * documents"). Documents filed later by a rule (classification.repository.ts) are then always a company admin's grant.
 */
import type { TClassificationBackfill } from '@cloudsign/contract';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { claimJobSlot } from '../../jobs/company-job-slots.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { EntityType, RULES_NEED_COMPANY_ADMIN } from '@cloudsign/contract';
import type { BackfillRow } from './cabinets.repository.ts';
import { backfillJob } from './backfill.job.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import {
  auditedLinks,
  cabinetsOf,
  cabinetView,
  idsOf,
  loadManaged,
  requireGroups,
  type Ctx,
} from './cabinets.service.ts';

type JobCtx = Ctx & { db: Db; jobs: Jobs };

const noRulesOnSystem = () =>
  new AppError(
    'system_protected',
    '「すべての書類」にはすべての書類が自動で含まれるため、自動振り分けルールは設定できません。',
  );

export const toBackfill = (r: BackfillRow): TClassificationBackfill => ({
  id: r.id,
  cabinetId: r.cabinetId,
  memberGroupIds: r.groupIds,
  state: r.state as TClassificationBackfill['state'],
  processed: r.processed,
  linked: r.linked,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
});

/** The cabinet whose rules change: 404 across companies, 403 for anyone but a company admin. */
async function loadRuleCabinet(ctx: Ctx, id: string) {
  const row = await loadManaged(ctx, id);
  if (!ctx.auth.isCompanyAdmin) throw new AppError('forbidden', RULES_NEED_COMPANY_ADMIN);
  if (row.type === EntityType.System) throw noRulesOnSystem();
  return row;
}

export async function dryRun(ctx: Ctx, id: string, groupIds: string[]): Promise<number> {
  await loadRuleCabinet(ctx, id);
  const ids = idsOf(await requireGroups(ctx, groupIds));
  return cabinetsOf(ctx).countRuleCandidates(ctx.db, ctx.auth.user.companyId, id, ids);
}

export async function addRules(
  ctx: JobCtx,
  id: string,
  input: { memberGroupIds: string[]; backfill: boolean },
) {
  const cabinet = await loadRuleCabinet(ctx, id);
  const groups = await requireGroups(ctx, input.memberGroupIds);
  const ids = idsOf(groups);
  const repo = cabinetsOf(ctx);
  const run = await ctx.db.transaction(async (tx) => {
    const added = new Set(await repo.linkGroups(tx, 'cabinet_classification_rules', id, ids));
    // Rules that were all there already, and no backfill asked: nothing changed, nothing is recorded.
    if (added.size === 0 && !input.backfill) return null;
    let inserted: BackfillRow | null = null;
    if (input.backfill) {
      await claimJobSlot(tx, ctx.auth.user.companyId, ctx.jobs.perCompanyLimit);
      inserted = await repo.insertBackfill(tx, {
        companyId: ctx.auth.user.companyId,
        cabinetId: id,
        groupIds: ids,
        createdBy: ctx.auth.user.id,
      });
      // In the same transaction: the job exists exactly when its row does (and the worker finds the row).
      await ctx.jobs.send(
        backfillJob,
        { backfillId: inserted.id },
        { companyId: ctx.auth.user.companyId, tx },
      );
    }
    // The event names the rules added and says whether existing documents were backfilled (a backfill of
    // rules already there is still recorded: it files documents); the run's own row tells its progress.
    await recordAuditEvent(tx, {
      ...auditBy(ctx.auth),
      action: 'cabinet.rulesAdded',
      target: { type: 'cabinet', id: cabinet.id, name: cabinet.name },
      details: { groups: groups.filter((g) => added.has(g.id)), backfill: input.backfill },
    });
    return inserted;
  });
  return { cabinet: await cabinetView(ctx, id), backfill: run ? toBackfill(run) : null };
}

export async function removeRules(ctx: Ctx, id: string, groupIds: string[]) {
  const cabinet = await loadRuleCabinet(ctx, id);
  const groups = await requireGroups(ctx, groupIds);
  await auditedLinks(ctx, cabinet, 'cabinet.rulesRemoved', 'groups', groups, (tx) =>
    cabinetsOf(ctx).unlinkGroups(tx, 'cabinet_classification_rules', id, idsOf(groups)),
  );
  return { cabinet: await cabinetView(ctx, id), backfill: null };
}

export async function getBackfill(ctx: Ctx, id: string, backfillId: string) {
  await loadManaged(ctx, id);
  const row = await cabinetsOf(ctx).findBackfill(ctx.db, ctx.auth.user.companyId, id, backfillId);
  if (!row) throw notFound();
  return toBackfill(row);
}

export async function listBackfills(ctx: Ctx, id: string) {
  await loadManaged(ctx, id);
  const rows = await cabinetsOf(ctx).latestBackfills(ctx.db, ctx.auth.user.companyId, id);
  return rows.map(toBackfill);
}
