import { z } from 'zod';
import { AUDIT_RETENTION_MAX_YEARS, AUDIT_RETENTION_MIN_YEARS } from './audit-log.ts';
import { ZId, strictRequestBody } from './common.ts';
import { ZPlan, ZTheme } from './enums.ts';
import { refineText } from './text.ts';

/** The company flags an admin can switch on the settings page (SSO has its own page). */
export const COMPANY_FLAGS = [
  'mfa',
  'documentApproval',
  'auditLog',
  'documentImport',
  'bulkDownloadMembers',
] as const;
export const ZCompanyFlag = z.enum(COMPANY_FLAGS);
export type TCompanyFlag = z.infer<typeof ZCompanyFlag>;

export const COMPANY_FLAG_LABELS: Record<TCompanyFlag, string> = {
  mfa: '2要素認証を必須にする',
  documentApproval: '書類の承認',
  auditLog: '監査ログ',
  documentImport: '書類インポート',
  bulkDownloadMembers: 'メンバーにも書類のまとめてダウンロードを許可する',
};

/** How long audit events are kept before the daily retention job deletes them (companies.audit_retention_years). */
export const AUDIT_RETENTION_LABEL = '監査ログの保存期間（年）';
const retentionMessage = `「${AUDIT_RETENTION_LABEL}」は${AUDIT_RETENTION_MIN_YEARS}から${AUDIT_RETENTION_MAX_YEARS}までの整数で入力してください。`;
export const ZAuditRetentionYears = z
  .number({ message: retentionMessage })
  .int(retentionMessage)
  .min(
    AUDIT_RETENTION_MIN_YEARS,
    `「${AUDIT_RETENTION_LABEL}」は${AUDIT_RETENTION_MIN_YEARS}年以上にしてください。監査ログは少なくとも${AUDIT_RETENTION_MIN_YEARS}年保存します。`,
  )
  .max(AUDIT_RETENTION_MAX_YEARS, retentionMessage);

/** The company settings as `GET /company/settings` answers them. Flags are booleans here. */
export const ZCompanySettings = z.object({
  companyId: ZId,
  name: z.string(),
  plan: ZPlan,
  theme: ZTheme,
  flags: z.object({
    mfa: z.boolean(),
    documentApproval: z.boolean(),
    auditLog: z.boolean(),
    documentImport: z.boolean(),
    bulkDownloadMembers: z.boolean(),
  }),
  /** Flags the company's plan includes; the others are shown and not editable. */
  availableFlags: z.array(ZCompanyFlag),
  /** Years audit events are kept (at least 5); editable where the plan includes the audit log. */
  auditRetentionYears: z.number().int(),
  /** Read-only here: SSO is configured on its own page. */
  ssoEnabled: z.boolean(),
  /**
   * Bumped by every change: a save names it in If-Match (`"3"`), and one naming an older version is refused
   * with 409 stale_version (docs/decisions.md "Saves name the version they were based on").
   */
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TCompanySettings = z.infer<typeof ZCompanySettings>;
export const ZCompanySettingsResponse = z.object({ settings: ZCompanySettings });

/** One line without disguising characters: the name is printed into the service's mails and every header. */
export const ZCompanyName = z
  .string({ message: '企業名を入力してください。' })
  .trim()
  .min(1, '企業名を入力してください。')
  .max(100, '企業名は100文字以内で入力してください。')
  .superRefine(refineText('企業名'));
const flag = (label: string) =>
  z.boolean({ message: `「${label}」はオンまたはオフで指定してください。` });

/** The whole editable part; the version the admin started from goes in If-Match, as every save's does. */
export const ZUpdateCompanySettingsRequest = strictRequestBody({
  name: ZCompanyName,
  theme: z.enum(['cloudsign', 'smbc-cloudsign'], {
    message: 'テーマは cloudsign または smbc-cloudsign を指定してください。',
  }),
  flags: strictRequestBody({
    mfa: flag(COMPANY_FLAG_LABELS.mfa),
    documentApproval: flag(COMPANY_FLAG_LABELS.documentApproval),
    auditLog: flag(COMPANY_FLAG_LABELS.auditLog),
    documentImport: flag(COMPANY_FLAG_LABELS.documentImport),
    /** Omitted: stays as it is (clients written before the setting existed). */
    bulkDownloadMembers: flag(COMPANY_FLAG_LABELS.bulkDownloadMembers).optional(),
  }),
  /** Omitted: the period stays as it is (clients written before the setting existed). */
  auditRetentionYears: ZAuditRetentionYears.optional(),
});
export type TUpdateCompanySettingsRequest = z.infer<typeof ZUpdateCompanySettingsRequest>;

export const ZAffectedMember = z.object({ id: ZId, name: z.string(), email: z.string() });
export type TAffectedMember = z.infer<typeof ZAffectedMember>;

/** What a change would do, said before it is applied; null where that flag does not change that way. */
export const ZCompanySettingsPreview = z.object({
  /** Turning MFA-required on: members who have not set MFA up (asked at their next sign-in). */
  mfaRequired: z.object({ count: z.number().int(), members: z.array(ZAffectedMember) }).nullable(),
  /** Turning import off: members holding 書類インポート権限 (the import pages disappear for them). */
  importOff: z.object({ count: z.number().int(), members: z.array(ZAffectedMember) }).nullable(),
  /** Turning the audit log off: everyone who could open it until now. */
  auditLogOff: z.object({ count: z.number().int(), members: z.array(ZAffectedMember) }).nullable(),
  /** Labels of the settings that would change. */
  changes: z.array(z.string()),
});
export type TCompanySettingsPreview = z.infer<typeof ZCompanySettingsPreview>;
export const ZCompanySettingsPreviewResponse = z.object({ preview: ZCompanySettingsPreview });

/**
 * Invitations the service may still mail for the company today (per JST day, shared by single sends and bulk
 * runs): what a bulk add's confirmation counts against. `waiting`: invitations of runs already executed, not
 * mailed yet (they go first).
 */
export const ZInvitationBudget = z.object({
  perDay: z.number().int(),
  remainingToday: z.number().int(),
  waiting: z.number().int(),
});
export type TInvitationBudget = z.infer<typeof ZInvitationBudget>;
export const ZInvitationBudgetResponse = z.object({ budget: ZInvitationBudget });

/** Of `count` new invitations, how many go today and how many wait for the next days' budget. */
export function invitationsToday(budget: TInvitationBudget, count: number) {
  const today = Math.min(count, Math.max(0, budget.remainingToday - budget.waiting));
  return { today, deferred: count - today };
}

/** `notSent`: members without MFA left for another day (reminded today already, or past the daily limit). */
export const ZMfaRemindersResponse = z.object({
  sent: z.number().int(),
  notSent: z.number().int(),
});

/** Flags each plan includes: the audit log and document import are enterprise features. */
export const PLAN_FLAGS: Record<z.infer<typeof ZPlan>, readonly TCompanyFlag[]> = {
  free: ['mfa', 'documentApproval', 'bulkDownloadMembers'],
  light: ['mfa', 'documentApproval', 'bulkDownloadMembers'],
  corporate: ['mfa', 'documentApproval', 'bulkDownloadMembers'],
  business: ['mfa', 'documentApproval', 'bulkDownloadMembers'],
  enterprise: ['mfa', 'documentApproval', 'auditLog', 'documentImport', 'bulkDownloadMembers'],
};
export const PLAN_LABELS: Record<z.infer<typeof ZPlan>, string> = {
  free: 'フリー',
  light: 'Light',
  corporate: 'Corporate',
  business: 'Business',
  enterprise: 'エンタープライズ',
};
export const FLAG_NOT_IN_PLAN = 'エンタープライズプランの機能です';
