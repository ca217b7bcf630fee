import { z } from 'zod';
import { ZCsvEncoding } from './bulk.ts';
import { ZId, strictRequestBody } from './common.ts';
import { normalizeEmailInput, preprocessWith } from './japanese-input.ts';

/**
 * The audit log (docs/design.md "Audit log"): what is recorded, in the words the viewer and its CSV use.
 * Adding an action: one line here (category + label), then a `recordAuditEvent` call in the transaction of
 * the change (apps/server/src/modules/audit-log/README.md).
 */
export const AUDIT_CATEGORIES = {
  auth: 'ログイン・認証',
  member: 'メンバー',
  memberGroup: 'メンバーグループ',
  cabinet: 'キャビネット',
  document: '書類',
  bulk: '一括処理',
  auditLog: '監査ログ',
  company: '企業設定',
} as const;
export type TAuditCategory = keyof typeof AUDIT_CATEGORIES;
/** 「ログイン・認証を除く」: every category but sign-ins, one click in the viewer's filter. */
export const AUDIT_CATEGORIES_BUT_AUTH = (Object.keys(AUDIT_CATEGORIES) as TAuditCategory[]).filter(
  (c) => c !== 'auth',
);
export const ZAuditCategory = z.enum(Object.keys(AUDIT_CATEGORIES) as [TAuditCategory], {
  message: '操作の種類が正しくありません。',
});

const action = (category: TAuditCategory, label: string) => ({ category, label });
export const AUDIT_ACTIONS = {
  'auth.signIn': action('auth', 'ログイン'),
  'auth.signInFailed': action('auth', 'ログイン失敗'),
  'auth.signOut': action('auth', 'ログアウト'),
  'auth.mfaSetUp': action('auth', '2要素認証の設定'),
  'auth.passwordSet': action('auth', 'パスワードの設定'),
  'auth.sessionsRevoked': action('auth', 'セッションの無効化'),
  'auth.passwordReset': action('auth', 'パスワードの再設定'),
  'auth.passwordResetRequested': action('auth', 'パスワード再設定の申請'),
  'auth.passwordChanged': action('auth', 'パスワードの変更'),
  'auth.calendarFeedIssued': action('auth', 'カレンダー購読URLの発行'),
  'auth.calendarFeedRevoked': action('auth', 'カレンダー購読URLの無効化'),
  'member.created': action('member', 'メンバーの追加'),
  'member.updated': action('member', 'メンバーの変更'),
  'member.deleted': action('member', 'メンバーの削除'),
  'member.mfaReset': action('member', 'メンバーの2要素認証のリセット'),
  'member.passwordResetSent': action('member', 'パスワード再設定メールの送信'),
  'member.invitationResent': action('member', '招待メールの再送'),
  'member.deactivated': action('member', 'メンバーの利用停止'),
  'member.restored': action('member', 'メンバーの利用再開'),
  'memberGroup.created': action('memberGroup', 'グループの作成'),
  'memberGroup.updated': action('memberGroup', 'グループの変更'),
  'memberGroup.deleted': action('memberGroup', 'グループの削除'),
  'memberGroup.membersAdded': action('memberGroup', 'グループへのメンバー追加'),
  'memberGroup.membersRemoved': action('memberGroup', 'グループからのメンバー削除'),
  'cabinet.created': action('cabinet', 'キャビネットの作成'),
  'cabinet.updated': action('cabinet', 'キャビネットの変更'),
  'cabinet.deleted': action('cabinet', 'キャビネットの削除'),
  'cabinet.groupsGranted': action('cabinet', '閲覧グループの追加'),
  'cabinet.groupRevoked': action('cabinet', '閲覧グループの削除'),
  'cabinet.adminsAdded': action('cabinet', '管理者の追加'),
  'cabinet.adminsRemoved': action('cabinet', '管理者の削除'),
  'cabinet.rulesAdded': action('cabinet', '自動振り分けルールの追加'),
  'cabinet.rulesRemoved': action('cabinet', '自動振り分けルールの削除'),
  'cabinet.alertsChanged': action('cabinet', '期限アラートの変更'),
  'document.filed': action('document', '書類のキャビネットへの追加（コピー）'),
  'document.moved': action('document', '書類の移動'),
  'document.unfiled': action('document', '書類のキャビネットからの削除'),
  'document.imported': action('document', '書類のインポート'),
  'document.attributesChanged': action('document', '書類情報の変更'),
  'document.pdfViewed': action('document', 'PDFの閲覧'),
  'document.bulkDownloadRequested': action('document', '書類のまとめてダウンロードの作成'),
  'document.bulkDownloaded': action('document', '書類のまとめてダウンロード'),
  'document.pdfDownloaded': action('document', 'PDFのダウンロード'),
  'document.taxAuditPackRequested': action('document', '税務調査対応ファイルの作成'),
  'document.taxAuditPackDownloaded': action('document', '税務調査対応ファイルのダウンロード'),
  'bulk.uploaded': action('bulk', 'CSVのアップロード'),
  'bulk.checked': action('bulk', 'CSVのチェック'),
  'bulk.executed': action('bulk', '一括処理の実行'),
  'bulk.rowsRecorded': action('bulk', '一括処理の行の記録'),
  'bulk.cancelled': action('bulk', '一括処理の取り消し'),
  'bulk.generationRequested': action('bulk', '書き出し・テンプレートの作成'),
  'bulk.fileDownloaded': action('bulk', 'ファイルのダウンロード'),
  'auditLog.exported': action('auditLog', '監査ログの書き出し'),
  'auditLog.exportDownloaded': action('auditLog', '監査ログのダウンロード'),
  'auditLog.pruned': action('auditLog', '保存期間を過ぎた監査ログの削除'),
  'company.settingsChanged': action('company', '企業設定の変更'),
  'company.mfaRemindersSent': action('company', '2要素認証の設定のお願いの送信'),
  'company.sessionLimitsChanged': action('company', 'セッションの制限の変更'),
  'sso.settingsChanged': action('company', 'SSO設定の変更'),
  'ipRestriction.changed': action('company', 'IPアドレス制限の変更'),
  'ipRestriction.refused': action('auth', '許可されていないIPアドレスからの利用'),
  'ipRestriction.liftRequested': action('company', 'IPアドレス制限の解除リンクの申請'),
  'ipRestriction.lifted': action('company', 'IPアドレス制限の解除'),
  'sso.connectionTested': action('company', 'SSOの接続テスト'),
  'document.attributeOptionsChanged': action('document', '書類情報の項目の変更'),
  'sso.domainAdded': action('company', 'SSOドメインの追加'),
  'sso.domainVerified': action('company', 'SSOドメインの確認'),
  'sso.domainRemoved': action('company', 'SSOドメインの削除'),
  'provisioning.tokenCreated': action('company', 'プロビジョニング用トークンの作成'),
  'provisioning.tokenFirstUsed': action('company', 'プロビジョニング用トークンの初回利用'),
  'provisioning.tokenRevoked': action('company', 'プロビジョニング用トークンの無効化'),
  'provisioning.deactivationQueued': action('member', 'プロビジョニングによる利用停止の保留'),
  'provisioning.deactivationsApplied': action('member', '保留中の利用停止の適用'),
  'provisioning.deactivationsCancelled': action('member', '保留中の利用停止の取り消し'),
  'provisioning.leaverSettingsChanged': action('company', '退職者の引き継ぎ設定の変更'),
} as const;
export type TAuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_TARGET_TYPES = {
  member: 'メンバー',
  memberGroup: 'メンバーグループ',
  cabinet: 'キャビネット',
  document: '書類',
  bulkRun: '一括処理',
  company: '企業',
  ssoDomain: 'SSOドメイン',
  provisioningToken: 'プロビジョニング用トークン',
} as const;
export type TAuditTargetType = keyof typeof AUDIT_TARGET_TYPES;
export const ZAuditTargetType = z.enum(Object.keys(AUDIT_TARGET_TYPES) as [TAuditTargetType], {
  message: '対象の種類が正しくありません。',
});

/** `YYYY-MM-DD`, a day in Japan time (the viewer's period is in JST). */
const ZJstDay = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}はYYYY-MM-DDの形式で入力してください。` })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+09:00`)), {
      message: `${label}の日付が正しくありません。`,
    });

export const AUDIT_PAGE_SIZE = 50;
export const ZFindAuditEventsQuery = z
  .object({
    from: ZJstDay('期間（開始）').optional(),
    to: ZJstDay('期間（終了）').optional(),
    actorId: z.uuid({ message: '操作したメンバーのIDの形式が正しくありません。' }).optional(),
    /** The acting member by the address they sign in with now (auditors cannot list members). */
    actorEmail: z
      .preprocess(
        preprocessWith(normalizeEmailInput),
        z.email({ message: '操作したメンバーのメールアドレスの形式が正しくありません。' }),
      )
      .optional(),
    /** One or more categories: `auth,member` in a URL (or the key repeated), a list in a JSON body. */
    category: z
      .preprocess(
        (v) =>
          typeof v === 'string'
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : v,
        z.array(ZAuditCategory).max(Object.keys(AUDIT_CATEGORIES).length, {
          message: '操作の種類が多すぎます。',
        }),
      )
      .optional(),
    targetType: ZAuditTargetType.optional(),
    targetId: z
      .string()
      .max(100, { message: '対象のIDは100文字以内で指定してください。' })
      .optional(),
    keyword: z
      .string()
      .trim()
      .max(100, { message: 'キーワードは100文字以内で入力してください。' })
      .optional(),
    /** The opaque cursor of the previous page's last event. */
    after: z
      .string()
      .regex(/^\d{1,18}(\.\d{1,9})?$/, { message: 'ページの指定が正しくありません。' })
      .optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: '期間の開始は終了より前の日付にしてください。',
    path: ['to'],
  });
export type TFindAuditEventsQuery = z.input<typeof ZFindAuditEventsQuery>;
/** The query as the server reads it (the email already normalised). */
export type TFindAuditEventsFilter = z.output<typeof ZFindAuditEventsQuery>;

export const ZAuditEvent = z.object({
  id: ZId,
  seq: z.number().int(),
  occurredAt: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  ip: z.string(),
  userAgent: z.string(),
  requestId: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  category: z.string(),
  target: z.object({ type: z.string(), id: z.string(), name: z.string() }),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZFindAuditEventsResponse = z.object({
  events: z.array(ZAuditEvent),
  /** Cursor of the next (older) page; null on the last. */
  next: z.string().nullable(),
});
export type TFindAuditEventsResponse = z.infer<typeof ZFindAuditEventsResponse>;

/** The export of the filtered events (an asynchronous job, then a download): the viewer's filters, no cursor. */
export const ZAuditExportRequest = strictRequestBody({
  filters: ZFindAuditEventsQuery.default({}),
  encoding: ZCsvEncoding.default('sjis'),
});
export type TAuditExportRequest = z.input<typeof ZAuditExportRequest>;

/**
 * The export's columns, in the viewer's words; times in JST. 詳細 reads as the viewer's 内容 (one 「項目: 変更前 →
 * 変更後」 per line); 詳細（JSON） keeps the recorded details for tools, last so a person can drop it.
 */
export const AUDIT_EXPORT_COLUMNS = [
  '日時（JST）',
  '番号',
  '操作者',
  '操作者のメールアドレス',
  '操作者のID',
  'IPアドレス',
  'ユーザーエージェント',
  'リクエストID',
  '操作の種類',
  '操作',
  '対象の種類',
  '対象のID',
  '対象',
  '詳細',
  '詳細（JSON）',
] as const;

/** Kept at least this many years (the company may keep them longer, never shorter). */
export const AUDIT_RETENTION_MIN_YEARS = 5;
export const AUDIT_RETENTION_MAX_YEARS = 20;
