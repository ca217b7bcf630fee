import Bowser from 'bowser';
import { AUDIT_CATEGORIES, AUDIT_TARGET_TYPES } from './audit-log.ts';
import { BULK_ACTION_LABELS, BULK_OUTCOME_LABELS, CSV_ENCODING_LABELS } from './bulk.ts';
import { ownValue } from './common.ts';
import { AUDIT_RETENTION_LABEL, COMPANY_FLAG_LABELS } from './company-settings.ts';
import { IDLE_TIMEOUT_LABEL, SESSION_MAX_HOURS_LABEL } from './session-limits.ts';
import { DOCUMENT_ATTRIBUTE_CSV } from './document-attribute-bulk.ts';
import { DOCUMENT_DOWNLOAD_NAME_RULE_LABELS } from './document-download.ts';
import { taxAuditPeriodText } from './tax-audit.ts';
import { documentConditionLabel } from './documents-search-keys.ts';
import {
  AUTO_UPDATE_LABELS,
  BulkKind,
  MEMBER_STATUS_LABELS,
  ROLE_LABELS,
  THEME_LABELS,
} from './enums.ts';
import { BRAKE_LABEL, SUCCESSOR_RULE_LABELS } from './provisioning-leavers.ts';
import { IP_AUDIT_FIELDS, IP_AUDIT_VALUES } from './ip-restriction-audit.ts';
import { SSO_AUDIT_FIELDS, SSO_CHANGE_WATCH_HOURS, SSO_SIGN_IN_AFTER_CHANGE } from './sso-audit.ts';

/**
 * An audit event's details in words (issue 33): the viewer's 内容 and the CSV's 詳細 both read them here, so an
 * auditor handed the file reads what the screen showed. Every key and every code the server records has its
 * label below; audit-details.test.ts walks every action kind and fails on a raw key or value.
 */

/** The fields events carry, in the words of the screens that change them. */
const FIELD_LABELS: Record<string, string> = {
  name: '名前',
  furigana: 'フリガナ',
  email: 'メールアドレス',
  organization: '所属',
  roles: '権限',
  note: '説明',
  title: 'タイトル',
  count: '件数',
  memberCount: 'メンバー数',
  memberIds: 'メンバー',
  documentIds: '書類',
  groupIds: 'グループ',
  groups: 'グループ',
  members: 'メンバー',
  backfill: '既存の書類にも適用',
  alertRules: '期限アラートのルール',
  sessions: '終了したセッション',
  userIds: 'メンバー',
  cabinet: 'キャビネット',
  conditions: '書類の検索条件',
  file: 'ファイル',
  fileName: 'ファイル名',
  fileError: 'ファイルのエラー',
  size: 'サイズ',
  sha256: 'SHA-256',
  kind: '処理の種類',
  target: '処理の対象',
  params: '書き出しの条件',
  encoding: '文字コード',
  reason: '理由',
  method: 'ログイン方法',
  mailed: '再設定メール',
  connectionTest: '接続テスト',
  createdByJit: 'JITで作成',
  counts: '件数',
  rows: '行数',
  status: '状態',
  attributes: '書類情報',
  settings: '企業設定',
  from: '移動元',
  to: '移動先',
  // A member deleted with a successor: who took over what.
  successor: '引き継ぎ先',
  cabinets: '引き継いだキャビネット',
  documents: '引き継いだ書類',
  // 書類情報 (the attribute CSV's column names, which the detail page also uses).
  attrTitle: DOCUMENT_ATTRIBUTE_CSV.title,
  counterparty: DOCUMENT_ATTRIBUTE_CSV.counterparty,
  contractAt: DOCUMENT_ATTRIBUTE_CSV.contractAt,
  validityStartAt: DOCUMENT_ATTRIBUTE_CSV.validityStartAt,
  validityEndAt: DOCUMENT_ATTRIBUTE_CSV.validityEndAt,
  validityEndNoticeAt: DOCUMENT_ATTRIBUTE_CSV.validityEndNoticeAt,
  autoUpdate: DOCUMENT_ATTRIBUTE_CSV.autoUpdate,
  localId: DOCUMENT_ATTRIBUTE_CSV.localId,
  amount: DOCUMENT_ATTRIBUTE_CSV.amount,
  options: '任意の項目',
  // The audit log's own export and retention.
  exportId: '書き出しのID',
  filters: '絞り込み条件',
  events: '書き出した件数',
  // まとめてダウンロード (modules/document-download).
  downloadId: 'まとめてダウンロードのID',
  nameRule: 'ファイル名の付け方',
  downloadedDocuments: 'ダウンロードした書類の件数',
  packId: '税務調査対応ファイルのID',
  period: '課税期間',
  matchedDocuments: '対象の書類の件数',
  corrections: '訂正削除履歴の件数',
  retentionYears: AUDIT_RETENTION_LABEL,
  before: 'この日時より前の記録',
  deleted: '削除した件数',
  lastDeletedSeq: '削除した最後の連番',
  firstKept: '残した最初の記録',
  seq: '連番',
  prevHash: '直前の記録のハッシュ',
  // SSO domains.
  domain: 'ドメイン',
  txtName: '確認用TXTレコードの名前',
  wasVerified: '確認済みだったか',
  // SSO settings changes, their connection test and the sign-ins right after them.
  ...SSO_AUDIT_FIELDS,
  // IP address restriction: its changes, the uses from outside its ranges, its break-glass.
  ...IP_AUDIT_FIELDS,
  lastTestCleared: '接続テストの結果',
  ok: '接続テストの結果',
  member: 'ログインするメンバー',
  flag: '要確認',
  ssoChangedAt: 'SSO設定の変更日時',
  // 書類情報の項目
  items: '項目',
  added: '追加した項目',
  removed: '削除した項目',
  // 企業設定 and the preview it was saved after, in the words of its screen and its confirmation.
  theme: 'テーマ',
  ...COMPANY_FLAG_LABELS,
  auditRetentionYears: AUDIT_RETENTION_LABEL,
  preview: '変更内容の確認',
  changes: '変更する項目',
  mfaRequired: '2要素認証を設定していないメンバー',
  importOff: '書類インポート権限を持つメンバー',
  auditLogOff: '監査ログを閲覧できなくなるメンバー',
  // セッションの制限 (企業設定 › セキュリティ) and what its save ended at once.
  idleTimeoutMinutes: IDLE_TIMEOUT_LABEL,
  sessionMaxHours: SESSION_MAX_HOURS_LABEL,
  sessionsEnded: '終了したセッション',
  membersSignedOut: 'ログアウトしたメンバー',
  // Leavers from provisioning: the successor rule, the brake and what a deactivation handed over.
  successorRule: '移管先の決め方',
  fallbackMember: '指定した移管先',
  brakeThreshold: BRAKE_LABEL,
  threshold: BRAKE_LABEL,
  // A change made through SCIM provisioning (the actor is then the token's name).
  source: '経路',
  // A member's or document's change made by a bulk run: the run and the row of its file.
  bulk: '方法',
  // Which file an audit-log export wrote (absent: the events of its filters).
  report: '書き出したもの',
};

/** `bulk: { run, rowNumber }` of a per-row event: 「一括（処理ID …、7行目）」. */
export const bulkRowText = (v: { run?: unknown; rowNumber?: unknown }) =>
  `一括（処理ID: ${String(v.run)}、${String(v.rowNumber)}行目）`;

/** The audit viewer's filters, as its filter bar names them (an export records the filters it ran with). */
const FILTER_LABELS: Record<string, string> = {
  from: '期間（開始）',
  to: '期間（終了）',
  actorId: '操作したメンバー',
  actorEmail: '操作したメンバーのメールアドレス',
  category: '操作の種類',
  targetType: '対象の種類',
  targetId: '対象のID',
  keyword: 'キーワード',
};

/** A bulk run's kind (BulkKind) as the bulk pages name the run. */
export const BULK_KIND_LABELS: Record<number, string> = {
  [BulkKind.Undefined]: '指定なし',
  [BulkKind.Add]: '一括追加',
  [BulkKind.Delete]: '一括削除',
  [BulkKind.Export]: '書き出し',
  [BulkKind.GenerateEditTemplate]: '編集用テンプレートの作成',
  [BulkKind.Edit]: '一括編集',
};

/** A run's counts by outcome: the row actions, their outcomes and an export's lines. */
const COUNT_LABELS: Record<string, string> = {
  ...BULK_ACTION_LABELS,
  ...BULK_OUTCOME_LABELS,
  exported: '書き出し',
  company: '企業',
  cabinet: 'キャビネット',
};

/** Values recorded as codes (never free text), in words. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  reason: {
    wrong_password: 'パスワードの誤り',
    full_width: 'パスワードの全角入力（失敗に数えない）',
    not_registered: '登録が済んでいない',
    too_many_attempts: '試行回数の超過',
    deactivated: '利用停止中',
    // SSO refusals (the sign-in page's message says more; the code is what the ACS refused).
    no_request: 'ログイン要求の不一致・期限切れ',
    signature: '署名の検証失敗',
    audience: '宛先（Audience）の不一致',
    destination: '送信先（Destination）の不一致',
    recipient: '受信者（Recipient）の不一致',
    time: '有効期間外',
    in_response_to: 'ログイン要求（InResponseTo）の不一致',
    issuer: '発行者の不一致',
    replay: '使用済みの応答',
    idp_status: 'IdP でのログイン未完了',
    malformed: '読み取れない応答',
    no_email: 'メールアドレスなし',
    other_company: '別の組織のメンバー',
    unknown_member: '未登録のメンバー',
    inactive: 'ログインできない状態',
    ip_not_allowed: '許可されていないIPアドレス',
    mfaReset: '2要素認証のリセット',
    passwordReset: 'パスワード再設定メールの送信',
    memberDeactivated: '利用停止',
    emailChanged: 'メールアドレスの変更',
    // The member himself, from アカウント設定 (modules/account).
    endedByMember: '本人による終了',
    othersEndedByMember: '本人によるほかのセッションの終了',
  },
  target: {
    members: 'メンバー',
    document_attributes: '書類情報',
    audit_log: '監査ログ',
    document_download: '書類のまとめてダウンロード',
    tax_audit_pack: '税務調査対応ファイル',
  },
  theme: THEME_LABELS,
  successorRule: SUCCESSOR_RULE_LABELS,
  method: { sso: 'シングルサインオン', password: 'パスワード' },
  kind: BULK_KIND_LABELS,
  status: MEMBER_STATUS_LABELS,
  autoUpdate: AUTO_UPDATE_LABELS,
  encoding: CSV_ENCODING_LABELS,
  nameRule: DOCUMENT_DOWNLOAD_NAME_RULE_LABELS,
  category: AUDIT_CATEGORIES,
  targetType: AUDIT_TARGET_TYPES,
  ...IP_AUDIT_VALUES,
  report: { correctionHistory: '訂正削除履歴（書類情報の変更）' },
  flag: {
    [SSO_SIGN_IN_AFTER_CHANGE]: `SSO設定の変更から${SSO_CHANGE_WATCH_HOURS}時間以内に、組織管理権限または監査ログ閲覧権限を持つメンバーがシングルサインオンでログインしました`,
  },
};

/** Times recorded as ISO strings, shown in Japan time like the event's own. */
const TIME_FIELDS: Record<string, true> = { ssoChangedAt: true, before: true };

/** Yes/no fields whose words are not オン/オフ. */
const BOOLEAN_LABELS: Record<string, [yes: string, no: string]> = {
  ok: ['成功', '失敗'],
  enabled: ['有効', '無効'],
  jitEnabled: ['有効', '無効'],
  lastTestCleared: ['削除（有効にする前にもう一度テストが必要）', '—'],
  mailed: ['送信した', '送信していない（登録のないアドレス）'],
  connectionTest: ['はい', 'いいえ'],
  createdByJit: ['はい', 'いいえ'],
  wasVerified: ['はい', 'いいえ'],
};

const JST_MINUTE = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** What the words of an event depend on beyond a field: whose counts (members are counted in 名). */
export type AuditDetailContext = { target?: unknown };

export const auditFieldLabel = (field: string) => ownValue(FIELD_LABELS, field) ?? field;

const isRole = (v: string): v is keyof typeof ROLE_LABELS => Object.hasOwn(ROLE_LABELS, v);
const number = (n: number) => n.toLocaleString('ja-JP');

/** Nested objects whose keys are named by another table than FIELD_LABELS. */
function objectText(field: string, o: Record<string, unknown>, ctx: AuditDetailContext): string {
  const entries = Object.entries(o).filter(([, v]) => v !== undefined);
  if (field === 'counts') {
    const unit = ctx.target === 'members' ? '名' : '件';
    return entries.length === 0
      ? '—'
      : entries
          .map(([k, v]) => `${ownValue(COUNT_LABELS, k) ?? k} ${auditValueText('', v)}${unit}`)
          .join('、');
  }
  const label =
    field === 'conditions'
      ? documentConditionLabel
      : field === 'filters'
        ? (k: string) => ownValue(FILTER_LABELS, k) ?? auditFieldLabel(k)
        : auditFieldLabel;
  const shown = entries.filter(
    ([k, v]) => !(field === 'conditions' && k === 'options' && isEmpty(v)),
  );
  if (shown.length === 0) return field === 'filters' || field === 'conditions' ? 'すべて' : '—';
  return shown.map(([k, v]) => `${label(k)}: ${auditValueText(k, v, ctx)}`).join('、');
}

const isEmpty = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).length === 0;

/** A value in words: 「—」 for nothing, privileges by their Japanese names, named objects by their name. */
export function auditValueText(
  field: string,
  value: unknown,
  ctx: AuditDetailContext = {},
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (ownValue(TIME_FIELDS, field) && typeof value === 'string') {
    const t = new Date(value);
    return Number.isNaN(t.getTime()) ? value : JST_MINUTE.format(t);
  }
  const table = ownValue(VALUE_LABELS, field);
  const named =
    table && (typeof value === 'string' || typeof value === 'number')
      ? ownValue(table, String(value))
      : undefined;
  if (named) return named;
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (field === 'roles')
      return value
        .map((r) => (isRole(String(r)) ? ROLE_LABELS[r as 'CompanyAdmin'] : String(r)))
        .join('、');
    if (value.length > 5 && typeof value[0] !== 'string') return `${number(value.length)}件`;
    // A list of codes (the filters' categories) reads each through the field's table.
    return value.map((v) => auditValueText(table ? field : '', v, ctx)).join('、');
  }
  if (typeof value === 'boolean') {
    const [yes, no] = ownValue(BOOLEAN_LABELS, field) ?? ['オン', 'オフ'];
    return value ? yes : no;
  }
  if (typeof value === 'number') return field === 'size' ? `${number(value)}バイト` : number(value);
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (field === 'bulk' && 'run' in o) return bulkRowText(o);
    if (typeof o.name === 'string') return o.name || '—';
    if (field === 'period') return taxAuditPeriodText(o);
    return objectText(field, o, ctx);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export type AuditDetailLine =
  | { kind: 'change'; label: string; before: string; after: string }
  | { kind: 'value'; label: string; value: string };

const isChange = (v: unknown): v is { before: unknown; after: unknown } =>
  typeof v === 'object' && v !== null && 'before' in v && 'after' in v;

/** An event's details as lines: each changed field before → after, anything else as label: value. */
export function describeAuditDetails(details: Record<string, unknown>): AuditDetailLine[] {
  const ctx: AuditDetailContext = { target: details.target };
  return Object.entries(details).map(([field, value]) =>
    isChange(value)
      ? {
          kind: 'change',
          label: auditFieldLabel(field),
          before: auditValueText(field, value.before, ctx),
          after: auditValueText(field, value.after, ctx),
        }
      : { kind: 'value', label: auditFieldLabel(field), value: auditValueText(field, value, ctx) },
  );
}

/** The details as the CSV's 詳細 cell: one 「項目: 変更前 → 変更後」 (or 「項目: 値」) per line. */
export const auditDetailsText = (details: Record<string, unknown>) =>
  describeAuditDetails(details)
    .map((l) =>
      l.kind === 'change' ? `${l.label}: ${l.before} → ${l.after}` : `${l.label}: ${l.value}`,
    )
    .join('\n');

/** An event the server flagged for the auditors (a privileged SSO sign-in right after an SSO change). */
export const auditNeedsReview = (details: Record<string, unknown>) =>
  details.flag === SSO_SIGN_IN_AFTER_CHANGE;

/**
 * The browser of a user agent as people name it: 「Chrome 156（Linux）」. What bowser cannot name (a script,
 * curl) stays the raw string, which the viewer keeps one click away in any case.
 */
export function browserText(userAgent: string): string {
  if (!userAgent) return '—';
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return userAgent;
  const major = browser.version?.split('.')[0];
  const name = major ? `${browser.name} ${major}` : browser.name;
  return os.name ? `${name}（${os.name}）` : name;
}
