import { z } from 'zod';

/** Privileges as independent flags (docs/design.md §1, spec §6), with their Japanese names. */
export const ROLES = [
  'CompanyAdmin',
  'CompanyApprover',
  'CompanyAuditor',
  'DocumentImporter',
  'TemplateSharer',
] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
export const ROLE_LABELS: Record<TRole, string> = {
  CompanyAdmin: '組織管理権限',
  CompanyApprover: '承認権限',
  CompanyAuditor: '監査ログ閲覧権限',
  DocumentImporter: '書類インポート権限',
  TemplateSharer: 'テンプレート共有権限',
};

/**
 * Member status (spec §3; 1 Valid completed by docs/design.md §2; 3 Deactivated = 利用停止, docs/design.md §2:
 * cannot sign in, keeps everything, restored with 利用再開).
 */
export const MemberStatus = { Invalid: 0, Valid: 1, PasswordReset: 2, Deactivated: 3 } as const;
export const MEMBER_STATUSES = [0, 1, 2, 3] as const;
export const ZMemberStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const MEMBER_STATUS_LABELS: Record<number, string> = {
  0: '招待中',
  1: '有効',
  2: 'パスワード再設定待ち',
  3: '利用停止',
};

/**
 * 作成元: how a member came to exist (docs/design.md §2). 手動 = added in the console (and every member that existed
 * before the column), CSV = 一括追加, SSO = created on first sign-in through the IdP, SCIM = created by the company's
 * IdP through /scim/v2. Fields SCIM owns are read-only in the console for a SCIM member.
 */
export const MEMBER_SOURCES = ['manual', 'csv', 'sso', 'scim'] as const;
export const ZMemberSource = z.enum(MEMBER_SOURCES);
export type TMemberSource = z.infer<typeof ZMemberSource>;
export const MEMBER_SOURCE_LABELS: Record<TMemberSource, string> = {
  manual: '手動',
  csv: 'CSV',
  sso: 'SSO',
  scim: 'SCIM',
};

/** Member MFA (spec §3). */
export const MfaState = { Enabled: 1, Disabled: 2 } as const;
export const ZMfaState = z.union([z.literal(1), z.literal(2)]);

/** Company MFA policy: 2 means required (spec §3, §6). */
export const CompanyMfa = { Optional: 1, Required: 2 } as const;

export const THEMES = ['cloudsign', 'smbc-cloudsign'] as const;
export const ZTheme = z.enum(THEMES);
export type TTheme = z.infer<typeof ZTheme>;
/** What people read for each theme (企業設定's radios, its preview and the audit log). */
export const THEME_LABELS: Record<TTheme, string> = {
  cloudsign: 'クラウドサイン',
  'smbc-cloudsign': 'SMBCクラウドサイン',
};

export const PLANS = ['free', 'light', 'corporate', 'business', 'enterprise'] as const;
export const ZPlan = z.enum(PLANS);
export type TPlan = z.infer<typeof ZPlan>;

/** Cabinet and member-group type (spec §3). */
export const EntityType = { User: 0, System: 1 } as const;
export const ZEntityType = z.union([z.literal(EntityType.User), z.literal(EntityType.System)]);
export type TEntityType = z.infer<typeof ZEntityType>;

/** Bulk operation kind and status (spec §3), values as listed there. */
export const BulkKind = {
  Undefined: 0,
  Add: 1,
  Delete: 2,
  Export: 3,
  GenerateEditTemplate: 4,
  Edit: 5,
} as const;
export const BulkStatus = {
  Invalid: 0,
  Uploaded: 1,
  Checking: 2,
  CheckFailed: 3,
  Ready: 4,
  Processing: 5,
  Succeeded: 6,
  ProcessedWithError: 7,
} as const;
export const ZBulkKind = z.number().int().min(0).max(5);
export const ZBulkStatus = z.number().int().min(0).max(7);
export const BULK_STATUS_LABELS: Record<number, string> = {
  [BulkStatus.Invalid]: '無効',
  [BulkStatus.Uploaded]: 'アップロード済み',
  [BulkStatus.Checking]: 'チェック中',
  [BulkStatus.CheckFailed]: 'チェックエラー',
  [BulkStatus.Ready]: '実行待ち',
  [BulkStatus.Processing]: '実行中',
  [BulkStatus.Succeeded]: '完了',
  [BulkStatus.ProcessedWithError]: '一部エラーで完了',
};

/** Document status (docs/design.md §2, CS). */
export const DocumentStatus = {
  Draft: 0,
  Confirming: 1,
  Concluded: 2,
  Canceled: 3,
  Template: 4,
  Imported: 13,
} as const;
export const DOCUMENT_STATUS_LABELS: Record<number, string> = {
  0: '下書き',
  1: '先方確認中',
  2: '締結済',
  3: '取消・却下',
  4: 'テンプレート',
  13: 'インポート書類',
};
export const ZDocumentStatus = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(13),
]);

/** 自動更新の有無 (docs/design.md §2). */
export const AutoUpdate = { Unspecified: 0, Yes: 1, No: 2 } as const;
export const AUTO_UPDATE_LABELS: Record<number, string> = { 0: '指定なし', 1: 'あり', 2: 'なし' };

/** Member list page size (docs/design.md §5) and the spec §4 rule threshold. */
export const MEMBER_PAGE_SIZE = 50;
export const DOCUMENT_PAGE_SIZE = 50;
