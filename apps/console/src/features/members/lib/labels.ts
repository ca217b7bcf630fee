import {
  MEMBER_SIGN_IN_FILTER_LABELS,
  MEMBER_SIGN_IN_FILTERS,
  MEMBER_SOURCE_LABELS,
  MEMBER_SOURCES,
  MEMBER_STATUS_LABELS,
  MEMBER_STATUSES,
  ROLE_LABELS,
  ROLES,
  type TMemberListQuery,
  type TRole,
} from '@cloudsign/contract';
import { formatDateTime } from '../../../lib/format.ts';

export const MFA_LABELS: Record<number, string> = { 1: '有効', 2: '無効' };
export const statusLabel = (status: number) => MEMBER_STATUS_LABELS[status] ?? String(status);
export const STATUS_COLORS: Record<number, string> = {
  0: 'yellow',
  1: 'teal',
  2: 'orange',
  3: 'gray',
};

export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
/** The privilege options the company uses (承認権限 only with documentApproval on). */
export const roleOptionsFor = (roles: readonly TRole[]) =>
  ROLE_OPTIONS.filter((o) => roles.includes(o.value));
export const STATUS_OPTIONS = MEMBER_STATUSES.map((s) => ({
  value: String(s),
  label: statusLabel(s),
}));
export const MFA_OPTIONS = [1, 2].map((m) => ({
  value: String(m),
  label: `2要素認証: ${MFA_LABELS[m]}`,
}));

export const SORT_OPTIONS: { value: NonNullable<TMemberListQuery['sort']>; label: string }[] = [
  { value: 'name', label: '氏名（昇順）' },
  { value: '-name', label: '氏名（降順）' },
  { value: 'email', label: 'メールアドレス（昇順）' },
  { value: '-email', label: 'メールアドレス（降順）' },
  { value: '-createdAt', label: '追加日（新しい順）' },
  { value: 'createdAt', label: '追加日（古い順）' },
  { value: '-lastSignInAt', label: '最終ログイン（新しい順）' },
  { value: 'lastSignInAt', label: '最終ログイン（古い順）' },
];

/** The clean-up filters: who has not signed in for a while, or ever. */
export const SIGN_IN_OPTIONS = MEMBER_SIGN_IN_FILTERS.map((value) => ({
  value,
  label: MEMBER_SIGN_IN_FILTER_LABELS[value],
}));

/** 作成元: who came by hand, by CSV, by SSO or from the company's IdP (SCIM). */
export const SOURCE_OPTIONS = MEMBER_SOURCES.map((value) => ({
  value,
  label: MEMBER_SOURCE_LABELS[value],
}));

/** 最終ログイン日時 as the list and drawer show it (JST to the minute); never = 「未ログイン」. */
export const lastSignInLabel = (iso: string | null) => (iso ? formatDateTime(iso) : '未ログイン');

export { formatDate } from '../../../lib/format.ts';
