import {
  AUDIT_RETENTION_LABEL,
  COMPANY_FLAG_LABELS,
  ownValue,
  ROLE_LABELS,
  THEME_LABELS,
  SSO_AUDIT_FIELDS,
  SSO_CHANGE_WATCH_HOURS,
  SSO_SIGN_IN_AFTER_CHANGE,
  type TRole,
} from '@cloudsign/contract';
import { formatDateTime } from '../../../lib/format.ts';

/** The fields events carry, in the words of the screens that change them. */
const FIELD_LABELS: Record<string, string> = {
  name: '名前',
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
  sessions: '終了したセッション',
  userIds: 'メンバー',
  cabinet: 'キャビネット',
  file: 'ファイル',
  fileName: 'ファイル名',
  size: 'サイズ',
  sha256: 'SHA-256',
  kind: '処理の種類',
  target: '処理の対象',
  reason: '理由',
  method: 'ログイン方法',
  connectionTest: '接続テスト',
  createdByJit: 'JITで作成',
  counts: '件数',
  rows: '行数',
  status: '状態',
  attributes: '書類情報',
  settings: '企業設定',
  from: '移動元',
  to: '移動先',
  // SSO settings changes, their connection test and the sign-ins right after them.
  ...SSO_AUDIT_FIELDS,
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
    mfaReset: '2要素認証のリセット',
    passwordReset: 'パスワード再設定メールの送信',
    memberDeactivated: '利用停止',
    emailChanged: 'メールアドレスの変更',
  },
  target: { members: 'メンバー', document_attributes: '書類情報' },
  theme: THEME_LABELS,
  method: { sso: 'シングルサインオン', password: 'パスワード' },
  flag: {
    [SSO_SIGN_IN_AFTER_CHANGE]: `SSO設定の変更から${SSO_CHANGE_WATCH_HOURS}時間以内に、組織管理権限または監査ログ閲覧権限を持つメンバーがシングルサインオンでログインしました`,
  },
};

/** Times recorded as ISO strings, shown in Japan time like the event's own. */
const TIME_FIELDS: Record<string, true> = { ssoChangedAt: true };

/** Yes/no fields whose words are not オン/オフ. */
const BOOLEAN_LABELS: Record<string, [yes: string, no: string]> = {
  ok: ['成功', '失敗'],
  enabled: ['有効', '無効'],
  jitEnabled: ['有効', '無効'],
  lastTestCleared: ['削除（有効にする前にもう一度テストが必要）', '—'],
};

export const fieldLabel = (field: string) => ownValue(FIELD_LABELS, field) ?? field;

const isRole = (v: unknown): v is TRole => typeof v === 'string' && Object.hasOwn(ROLE_LABELS, v);

/** A value in words: 「—」 for nothing, privileges by their Japanese names, named objects by their name. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (ownValue(TIME_FIELDS, field) && typeof value === 'string') return formatDateTime(value);
  const named =
    typeof value === 'string' ? ownValue(ownValue(VALUE_LABELS, field) ?? {}, value) : undefined;
  if (named) return named;
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (field === 'roles')
      return value.map((r) => (isRole(r) ? ROLE_LABELS[r] : String(r))).join('、');
    if (value.length > 5) return `${value.length}件`;
    return value.map((v) => valueText('', v)).join('、');
  }
  if (typeof value === 'boolean') {
    const [yes, no] = ownValue(BOOLEAN_LABELS, field) ?? ['オン', 'オフ'];
    return value ? yes : no;
  }
  if (typeof value === 'number') return value.toLocaleString('ja-JP');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.name === 'string') return o.name || '—';
    return Object.entries(o)
      .map(([k, v]) => `${fieldLabel(k)}: ${valueText(k, v)}`)
      .join('、');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export type DetailLine =
  | { kind: 'change'; label: string; before: string; after: string }
  | { kind: 'value'; label: string; value: string };

const isChange = (v: unknown): v is { before: unknown; after: unknown } =>
  typeof v === 'object' && v !== null && 'before' in v && 'after' in v;

/** An event's details as lines: each changed field before → after, anything else as label: value. */
export function describeDetails(details: Record<string, unknown>): DetailLine[] {
  return Object.entries(details).map(([field, value]) =>
    isChange(value)
      ? {
          kind: 'change',
          label: fieldLabel(field),
          before: valueText(field, value.before),
          after: valueText(field, value.after),
        }
      : { kind: 'value', label: fieldLabel(field), value: valueText(field, value) },
  );
}

/** An event the server flagged for the auditors (a privileged SSO sign-in right after an SSO change). */
export const needsReview = (details: Record<string, unknown>) =>
  details.flag === SSO_SIGN_IN_AFTER_CHANGE;
