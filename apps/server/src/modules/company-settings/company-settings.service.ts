/**
 * Company settings (docs/design.md "Company settings"): name, theme and the company flags the plan includes.
 * Each change runs in one transaction that locks the company row and checks the version the admin started
 * from, so two admins editing at once get a 409 instead of a silent overwrite.
 */
import {
  AUDIT_RETENTION_LABEL,
  COMPANY_FLAG_LABELS,
  COMPANY_FLAGS,
  CompanyMfa,
  FLAG_NOT_IN_PLAN,
  PLAN_FLAGS,
  THEME_LABELS,
  type TCompanyFlag,
  type TCompanySettings,
  type TCompanySettingsPreview,
  type TPlan,
  type TUpdateCompanySettingsRequest,
  memberLabel,
} from '@cloudsign/contract';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditBy,
  changes as changedFields,
  recordAuditEvent,
} from '../audit-log/audit-log.record.ts';
import * as repo from './company-settings.repository.ts';

/** The company's settings row, for the areas whose rules read a setting. */
export { findCompany } from './company-settings.repository.ts';
import { sendMfaReminder } from './mfa-reminder-mail.ts';
import { MAIL_LIMITS } from '../../auth/mail-limits.ts';
import { recordMfaReminders } from './mfa-reminder-audit.ts';

type Who = Pick<AuthContext, 'user' | 'origin'>;
/** Database, clock, mail (the MFA reminder) and the settings repository (a rule test may pass its own). */
export type SettingsDeps = Pick<AppDeps, 'database' | 'clock' | 'mailer' | 'env'> & {
  settings?: typeof repo;
};
const settingsOf = (deps: Pick<SettingsDeps, 'settings'>) => deps.settings ?? repo;

const flagsOf = (c: repo.CompanyRow): TCompanySettings['flags'] => ({
  mfa: c.mfa === CompanyMfa.Required,
  documentApproval: c.documentApproval !== 0,
  auditLog: c.auditLog,
  documentImport: c.documentImport,
  bulkDownloadMembers: c.bulkDownloadMembers,
});

export function toSettings(c: repo.CompanyRow): TCompanySettings {
  return {
    companyId: c.id,
    name: c.name,
    plan: c.plan as TPlan,
    theme: c.theme as TCompanySettings['theme'],
    flags: flagsOf(c),
    availableFlags: [...PLAN_FLAGS[c.plan as TPlan]],
    auditRetentionYears: c.auditRetentionYears,
    ssoEnabled: c.isEnabledFederatedIdentity,
    version: c.settingsVersion,
    updatedAt: c.settingsUpdatedAt.toISOString(),
  };
}

async function loadCompany(deps: SettingsDeps, db: DbOrTx, companyId: string, forUpdate = false) {
  const row = await settingsOf(deps).findCompany(db, companyId, { forUpdate });
  if (!row) throw notFound();
  return row;
}

export async function getSettings(deps: SettingsDeps, who: Who) {
  return toSettings(await loadCompany(deps, deps.database.db, who.user.companyId));
}

/** Flags being changed; a flag outside the plan may stay as it is but never be switched (400 naming it). */
function changedFlags(current: repo.CompanyRow, body: TUpdateCompanySettingsRequest) {
  const now = flagsOf(current);
  const allowed = PLAN_FLAGS[current.plan as TPlan];
  // A flag the body leaves out (a client older than the flag) stays as it is.
  const changed = COMPANY_FLAGS.filter(
    (f) => body.flags[f] !== undefined && now[f] !== body.flags[f],
  );
  const refused = changed.filter((f) => !allowed.includes(f));
  if (refused.length > 0) {
    const details = refused.map((f) => ({
      path: `flags.${f}`,
      message: `「${COMPANY_FLAG_LABELS[f]}」は${FLAG_NOT_IN_PLAN}。現在のプランでは変更できません。`,
    }));
    throw new AppError('validation_failed', details[0]!.message, details);
  }
  return changed;
}

/** The period asked for (omitted: unchanged); like the audit log flag, only the enterprise plan may change it. */
function retentionYearsOf(current: repo.CompanyRow, body: TUpdateCompanySettingsRequest) {
  const years = body.auditRetentionYears ?? current.auditRetentionYears;
  if (
    years !== current.auditRetentionYears &&
    !PLAN_FLAGS[current.plan as TPlan].includes('auditLog')
  ) {
    const message = `「${AUDIT_RETENTION_LABEL}」は${FLAG_NOT_IN_PLAN}。現在のプランでは変更できません。`;
    throw new AppError('validation_failed', message, [{ path: 'auditRetentionYears', message }]);
  }
  return years;
}

const list = (rows: repo.AffectedRow[]) => ({ count: rows.length, members: rows });

async function previewOf(
  deps: SettingsDeps,
  db: DbOrTx,
  current: repo.CompanyRow,
  body: TUpdateCompanySettingsRequest,
): Promise<TCompanySettingsPreview> {
  const changed = changedFlags(current, body);
  const turnsOff = (f: TCompanyFlag) => changed.includes(f) && !body.flags[f];
  const turnsOn = (f: TCompanyFlag) => changed.includes(f) && body.flags[f];
  const changes = changed.map(
    (f) => `${COMPANY_FLAG_LABELS[f]}: ${body.flags[f] ? 'オン' : 'オフ'}`,
  );
  const years = retentionYearsOf(current, body);
  if (years !== current.auditRetentionYears)
    changes.unshift(`${AUDIT_RETENTION_LABEL}: ${years}年`);
  if (body.name !== current.name) changes.unshift(`企業名: ${body.name}`);
  if (body.theme !== current.theme) changes.unshift(`テーマ: ${THEME_LABELS[body.theme]}`);
  const repo = settingsOf(deps);
  return {
    changes,
    mfaRequired: turnsOn('mfa') ? list(await repo.membersWithoutMfa(db, current.id)) : null,
    importOff: turnsOff('documentImport')
      ? list(await repo.membersWithRole(db, current.id, 'DocumentImporter'))
      : null,
    // Who can open the audit log while it is on: the holders of 監査ログ閲覧権限 (canReadAuditLog).
    auditLogOff: turnsOff('auditLog')
      ? list((await repo.membersWithRole(db, current.id, 'CompanyAuditor')).sort(byName))
      : null,
  };
}

const byName = (a: repo.AffectedRow, b: repo.AffectedRow) => a.name.localeCompare(b.name, 'ja');

/** What the change would do (counts and names); nothing is written. */
export async function previewSettings(
  deps: SettingsDeps,
  who: Who,
  body: TUpdateCompanySettingsRequest,
  expected: ExpectedVersion,
) {
  const db = deps.database.db;
  const current = await loadCompany(deps, db, who.user.companyId);
  // A preview of a stale form would describe changes against settings the admin has not seen.
  assertVersion(expected, current.settingsVersion);
  return previewOf(deps, db, current, body);
}

/** The save names its version in If-Match (the `version` counter the read answered), compared under the lock. */
export async function updateSettings(
  deps: SettingsDeps,
  who: Who,
  body: TUpdateCompanySettingsRequest,
  expected: ExpectedVersion,
) {
  const companyId = who.user.companyId;
  const repo = settingsOf(deps);
  const saved = await deps.database.db.transaction(async (tx) => {
    const current = await loadCompany(deps, tx, companyId, true);
    assertVersion(expected, current.settingsVersion);
    // The preview the admin confirmed, recomputed under the lock: its counts go into the event.
    const preview = await previewOf(deps, tx, current, body);
    const values = {
      name: body.name,
      theme: body.theme,
      mfa: body.flags.mfa ? CompanyMfa.Required : CompanyMfa.Optional,
      // Required from each member's next sign-in (auth/sessions.ts nextStep): the moment it became required.
      mfaRequiredAt: !body.flags.mfa
        ? null
        : current.mfa === CompanyMfa.Required
          ? current.mfaRequiredAt
          : deps.clock(),
      // Keeps a non-zero approval mode as it was when the flag stays on.
      documentApproval: body.flags.documentApproval ? current.documentApproval || 1 : 0,
      auditLog: body.flags.auditLog,
      documentImport: body.flags.documentImport,
      bulkDownloadMembers: body.flags.bulkDownloadMembers ?? current.bulkDownloadMembers,
      auditRetentionYears: retentionYearsOf(current, body),
    };
    // The same settings saved again change nothing: no new version (another admin's open form stays valid),
    // no 更新日時, no event. documentApproval is compared too: it may differ while its flag reads the same.
    const changed = settingsChanges(current, values);
    if (Object.keys(changed).length === 0 && values.documentApproval === current.documentApproval)
      return current;
    const versioned = {
      ...values,
      settingsVersion: current.settingsVersion + 1,
      settingsUpdatedAt: deps.clock(),
    };
    await repo.updateCompany(tx, companyId, versioned);
    if (body.theme !== current.theme) await repo.setMembersTheme(tx, companyId, body.theme);
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'company.settingsChanged',
      target: { type: 'company', id: companyId, name: values.name },
      details: { ...changed, preview: previewCounts(preview) },
    });
    return { ...current, ...versioned };
  });
  return toSettings(saved);
}

/** Before → after of each setting that changed, flags as the booleans the settings page shows. */
function settingsChanges(before: repo.CompanyRow, after: Partial<repo.CompanyRow>) {
  const b = { ...before, ...flagsOf(before) };
  const a = { ...before, ...after, ...flagsOf({ ...before, ...after }) };
  return changedFields(b, a, ['name', 'theme', ...COMPANY_FLAGS, 'auditRetentionYears']);
}

/** The preview's counts (the names are in the member list already; one event stays small at 100,000 members). */
const previewCounts = (p: TCompanySettingsPreview) => ({
  changes: p.changes,
  mfaRequired: p.mfaRequired?.count ?? null,
  importOff: p.importOff?.count ?? null,
  auditLogOff: p.auditLogOff?.count ?? null,
});

export const REMINDERS_DONE_TODAY = `本日お願いのメールを送れるメンバーはいません（1人に1日${MAIL_LIMITS.mfaReminder.perRecipient}通、企業ごとに1日${MAIL_LIMITS.mfaReminder.perCompany.toLocaleString('ja-JP')}通まで送れます。本日すでに送ったメンバーには送りません）。明日（日本時間の0時）以降にもう一度お試しください。`;

/**
 * One mail to each member who has not set MFA up, saying they will be asked to at their next sign-in. Members
 * reminded today, and those past the company's daily budget, are left for another day (auth/mail-limits.ts);
 * nobody left to remind is a 429. The count and the event commit before the mails go out, so a sending cut
 * short is still in the log and still counted.
 */
export async function remindMfa(deps: SettingsDeps, who: Who & Pick<AuthContext, 'company'>) {
  const { membersWithoutMfa, reserveReminders } = settingsOf(deps);
  const { all, members } = await deps.database.db.transaction(async (tx) => {
    const candidates = await membersWithoutMfa(tx, who.user.companyId);
    const { chosen } = await reserveReminders(tx, who.user.companyId, candidates, deps.clock());
    if (candidates.length > 0 && chosen.length === 0)
      throw new AppError('rate_limited', REMINDERS_DONE_TODAY);
    await recordMfaReminders(tx, who, chosen);
    return { all: candidates.length, members: chosen };
  });
  for (const m of members) {
    await sendMfaReminder(deps, {
      to: m,
      companyName: who.company.name,
      adminName: memberLabel(who.user),
    });
  }
  return { sent: members.length, notSent: all - members.length };
}

/** The day's invitation budget and what executed runs still have to mail (auth/mail-limits.ts). */
export async function invitationBudget(deps: SettingsDeps, who: Pick<AuthContext, 'user'>) {
  const db = deps.database.db;
  const { remainingToday, invitationsWaiting } = settingsOf(deps);
  return {
    perDay: MAIL_LIMITS.invitation.perCompany,
    remainingToday: await remainingToday(db, who.user.companyId, 'invitation', deps.clock()),
    waiting: await invitationsWaiting(db, who.user.companyId),
  };
}
