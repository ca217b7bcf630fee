/**
 * A cabinet's alert rules and the deadlines they make (docs/design.md §2 "期限アラート"). The rules of a cabinet
 * are managed by those who manage the cabinet (its admins and company admins, like its name and groups); the
 * upcoming deadlines a member sees are those of cabinets and documents he may read.
 */
import {
  ALERT_SETTINGS_NEVER_SAVED,
  alertRuleLabel,
  type TAlertSettings,
  type TAlertSettingsRequest,
  type TUpcomingDeadline,
} from '@cloudsign/contract';
import type { Who } from '../../auth/access.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { StoredAlertRule } from '../../db/schema.ts';
import { assertVersion, nextVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { loadManaged, requireGroups, requireUsers } from '../cabinets/cabinets.service.ts';
import * as repo from './alerts.repository.ts';
import { currentDeadline, daysBetween, dueDeadline, jstDay } from './alert-deadlines.ts';

/** The alerts repository says what the caller reads too (the real one unless a rule test passes its own). */
export type Ctx = { db: DbOrTx; auth: AuthContext; clock: () => Date; alerts?: typeof repo };
export const alertsOf = (ctx: Pick<Ctx, 'alerts'>) => ctx.alerts ?? repo;

export const ruleKey = (r: { dateItem: string; daysBefore: number }) =>
  `${r.dateItem}:${r.daysBefore}`;
const rulesText = (rules: readonly StoredAlertRule[]) => rules.map(alertRuleLabel).join('、');

export async function getSettings(ctx: Ctx, cabinetId: string): Promise<TAlertSettings> {
  await loadManaged(ctx, cabinetId);
  const companyId = ctx.auth.user.companyId;
  const repo = alertsOf(ctx);
  const row = await repo.findSettings(ctx.db, companyId, cabinetId);
  return {
    cabinetId,
    rules: row?.rules ?? [],
    members: await repo.namesOf(ctx.db, 'users', companyId, row?.memberIds ?? []),
    groups: await repo.namesOf(ctx.db, 'member_groups', companyId, row?.groupIds ?? []),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** Saves the whole settings on the version read (If-Match); an identical save writes nothing. */
export async function updateSettings(
  ctx: Ctx,
  cabinetId: string,
  input: TAlertSettingsRequest,
  expected: ExpectedVersion,
): Promise<TAlertSettings> {
  const cabinet = await loadManaged(ctx, cabinetId);
  const members = await requireUsers(ctx, input.memberIds);
  const groups = await requireGroups(ctx, input.groupIds);
  const companyId = ctx.auth.user.companyId;
  const rules: StoredAlertRule[] = input.rules
    .map((r) => ({ key: ruleKey(r), dateItem: r.dateItem, daysBefore: r.daysBefore }))
    .sort((a, b) => a.dateItem.localeCompare(b.dateItem) || a.daysBefore - b.daysBefore);
  const memberIds = members.map((m) => m.id).sort();
  const groupIds = groups.map((g) => g.id).sort();
  const repo = alertsOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findSettings(tx, companyId, cabinetId, { forUpdate: true });
    assertVersion(expected, current?.updatedAt ?? ALERT_SETTINGS_NEVER_SAVED);
    const before = {
      rules: rulesText(current?.rules ?? []),
      members: [...(current?.memberIds ?? [])].sort().join(),
      groups: [...(current?.groupIds ?? [])].sort().join(),
    };
    const after = { rules: rulesText(rules), members: memberIds.join(), groups: groupIds.join() };
    if (current && JSON.stringify(before) === JSON.stringify(after)) return;
    await repo.saveSettings(tx, {
      cabinetId,
      companyId,
      rules,
      memberIds,
      groupIds,
      updatedAt: nextVersion(new Date(), current?.updatedAt ?? new Date(0)),
    });
    await recordAuditEvent(tx, {
      ...auditBy(ctx.auth),
      action: 'cabinet.alertsChanged',
      target: { type: 'cabinet', id: cabinet.id, name: cabinet.name },
      details: {
        alertRules: { before: before.rules, after: after.rules },
        members,
        groups,
      },
    });
  });
  return getSettings(ctx, cabinetId);
}

/** Deadlines whose alert is on today (or, for the calendar, every next deadline within `horizonDays`). */
export async function deadlinesFor(
  ctx: Pick<Ctx, 'db' | 'alerts'> & { auth: Who },
  today: string,
  mode: { kind: 'due' } | { kind: 'horizon'; days: number },
): Promise<TUpcomingDeadline[]> {
  const { db, auth: who } = ctx;
  const repo = alertsOf(ctx);
  const readable = await repo.readableCabinets(db, who);
  const cabinets = await repo.cabinetsWithRules(db, {
    companyId: who.user.companyId,
    // A member sees the rules of the cabinets he reads; a company admin those of every cabinet.
    ...(who.isCompanyAdmin ? {} : { cabinetIds: readable.cabinetIds }),
  });
  const items: TUpcomingDeadline[] = [];
  for (const c of cabinets) {
    const lead = Math.max(...c.rules.map((r) => r.daysBefore));
    const horizon = mode.kind === 'due' ? lead : Math.max(lead, mode.days);
    const docs = await repo.alertCandidates(db, c, readable, today, horizon);
    for (const doc of docs) {
      for (const rule of c.rules) {
        const d =
          mode.kind === 'due' ? dueDeadline(doc, rule, today) : currentDeadline(doc, rule, today);
        if (!d) continue;
        const daysLeft = daysBetween(today, d.deadline);
        if (mode.kind === 'horizon' && daysLeft > mode.days) continue;
        items.push({
          documentId: doc.id,
          title: doc.title,
          counterparty: doc.counterparty,
          cabinetId: c.cabinetId,
          cabinetName: c.isSystem ? 'すべての書類' : c.cabinetName,
          ruleKey: rule.key,
          ruleLabel: alertRuleLabel(rule),
          dateItem: rule.dateItem,
          deadline: d.deadline,
          daysLeft,
          isRolledForward: d.isRolledForward,
        });
      }
    }
  }
  return items.sort(
    (a, b) =>
      a.deadline.localeCompare(b.deadline) ||
      a.title.localeCompare(b.title, 'ja') ||
      a.documentId.localeCompare(b.documentId) ||
      a.ruleKey.localeCompare(b.ruleKey),
  );
}

/** 「期限が近い書類」: what the caller's alerts show today. */
export async function upcoming(ctx: Ctx) {
  const today = jstDay(ctx.clock());
  return { today, items: await deadlinesFor(ctx, today, { kind: 'due' }) };
}
