import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';
import { ZCsvEncoding } from './bulk.ts';
import {
  MEMBER_SOURCES,
  MEMBER_STATUS_LABELS,
  MemberStatus,
  ROLE_LABELS,
  ROLES,
  type TRole,
} from './enums.ts';
import { MEMBER_SIGN_IN_FILTERS } from './list-queries.ts';

/** Japanese column headers of the member CSVs (docs/design.md §3). */
export const MEMBER_CSV = {
  id: 'メンバーID',
  email: 'メールアドレス',
  name: '氏名',
  furigana: 'フリガナ',
  organization: '所属',
  groups: 'メンバーグループ',
  /** Edit template and export only: the member's 状態 as the screens say it (MEMBER_STATUS_LABELS). */
  status: '利用状態',
  updatedAt: '更新日時',
  /**
   * Export and edit template only, last: when the member last signed in (JST), blank = never. Read-only: an
   * edit file may carry it, and it is ignored (a sign-in is not something a file sets).
   */
  lastSignInAt: '最終ログイン日時',
  /**
   * Export and edit template only when asked for (`withSource`), after 最終ログイン日時: 手動 / CSV / SSO / SCIM
   * (MEMBER_SOURCE_LABELS). Read-only like 最終ログイン日時: an edit file may carry it, and it is ignored.
   */
  source: '作成元',
  /** Delete CSV only: who takes over the deleted member's cabinets and documents (offboarding). */
  successor: '移管先メールアドレス',
} as const;

/** One column per privilege, in the order of ROLES. */
export const MEMBER_ROLE_COLUMNS: readonly { role: TRole; column: string }[] = ROLES.map(
  (role) => ({
    role,
    column: ROLE_LABELS[role],
  }),
);

export const MEMBER_ADD_COLUMNS = [
  MEMBER_CSV.email,
  MEMBER_CSV.name,
  MEMBER_CSV.furigana,
  MEMBER_CSV.organization,
  ...MEMBER_ROLE_COLUMNS.map((r) => r.column),
  MEMBER_CSV.groups,
] as const;

/** The edit template's and the export's columns: an export re-uploads unchanged as an edit file. */
export const MEMBER_EDIT_COLUMNS = [
  MEMBER_CSV.id,
  ...MEMBER_ADD_COLUMNS,
  MEMBER_CSV.status,
  MEMBER_CSV.updatedAt,
] as const;
/** What the export and the edit template write: the edit columns and the read-only 最終ログイン日時. */
export const MEMBER_EXPORT_COLUMNS = [...MEMBER_EDIT_COLUMNS, MEMBER_CSV.lastSignInAt] as const;
/** An export asked for with 作成元 (`withSource`): its column comes last. */
export const MEMBER_EXPORT_COLUMNS_WITH_SOURCE = [
  ...MEMBER_EXPORT_COLUMNS,
  MEMBER_CSV.source,
] as const;
export const MEMBER_DELETE_COLUMNS = [
  MEMBER_CSV.id,
  MEMBER_CSV.email,
  MEMBER_CSV.successor,
] as const;

/**
 * The 利用状態 cell: the member's 状態 in the words of the member list and drawer (招待中, 有効,
 * パスワード再設定待ち, 利用停止; one map, MEMBER_STATUS_LABELS, so a file and a screen never disagree). An edit
 * file sets 有効 ↔ 利用停止 (利用再開 / 利用停止); the other states are only ever read back unchanged.
 */
export const MEMBER_USE_STATES = {
  active: MEMBER_STATUS_LABELS[MemberStatus.Valid]!,
  passwordReset: MEMBER_STATUS_LABELS[MemberStatus.PasswordReset]!,
  deactivated: MEMBER_STATUS_LABELS[MemberStatus.Deactivated]!,
  invited: MEMBER_STATUS_LABELS[MemberStatus.Invalid]!,
} as const;
/** Files written before issue 30 said 利用中 for 有効 and パスワード再設定待ち; read it as 有効. */
export const LEGACY_ACTIVE_USE_STATE = '利用中';
export const memberUseState = (status: number): string =>
  MEMBER_STATUS_LABELS[status] ?? String(status);

/**
 * The columns a company's member CSVs use: 承認権限 only while its documentApproval flag is on (like the
 * member form); an upload naming it while off is refused at the header.
 */
export const memberColumnsFor = (
  columns: readonly string[],
  documentApproval: number,
): readonly string[] =>
  documentApproval !== 0 ? columns : columns.filter((c) => c !== ROLE_LABELS.CompanyApprover);

/** Several groups in one cell (docs/design.md §3). */
export const MEMBER_GROUP_SEPARATOR = ';';

/** Filters of the edit template and the export. */
export const ZMemberBulkFilters = strictRequestBody({
  keyword: z
    .string()
    .trim()
    .max(200, { message: 'キーワードは200文字以内で入力してください。' })
    .optional(),
  groupId: ZId.optional(),
  role: z.enum(ROLES, { message: '権限の指定が正しくありません。' }).optional(),
  status: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
      message: '状態の指定が正しくありません。',
    })
    .optional(),
  mfa: z
    .union([z.literal(1), z.literal(2)], { message: '2要素認証の指定が正しくありません。' })
    .optional(),
  /** The member list's clean-up filters, so the list's set is exported as it was shown. */
  signIn: z
    .enum(MEMBER_SIGN_IN_FILTERS, { message: '最終ログインの条件の指定が正しくありません。' })
    .optional(),
  source: z.enum(MEMBER_SOURCES, { message: '作成元の指定が正しくありません。' }).optional(),
});
export type TMemberBulkFilters = z.infer<typeof ZMemberBulkFilters>;

export const ZMemberCsvRequest = strictRequestBody({
  filters: ZMemberBulkFilters.default({}),
  encoding: ZCsvEncoding.default('sjis'),
  /** Adds the read-only 作成元 column after 最終ログイン日時 (an edit upload ignores it). */
  withSource: z.boolean({ message: '作成元の列の指定が正しくありません。' }).default(false),
});
export type TMemberCsvRequest = z.infer<typeof ZMemberCsvRequest>;

/**
 * The edit template may be asked for as a deactivation file: the 利用状態 of every member in the set whom a file
 * may stop (有効 or パスワード再設定待ち, not the requester) written as 利用停止. The admin then starts 一括編集
 * from it (`startEdit`), reads the check and executes: a clean-up of the set the list showed, through the one
 * bulk engine (its checks, guards, audit and history).
 */
export const ZMemberEditTemplateRequest = strictRequestBody({
  filters: ZMemberBulkFilters.default({}),
  encoding: ZCsvEncoding.default('sjis'),
  deactivate: z.boolean({ message: '利用停止の指定が正しくありません。' }).optional(),
});
export type TMemberEditTemplateRequest = z.infer<typeof ZMemberEditTemplateRequest>;

/** What a checked row will become (stored in the row's `after`, and `before` for edits). */
export const ZMemberBulkValues = z.object({
  email: z.string(),
  name: z.string(),
  /** Absent in runs checked before フリガナ existed; null = none. */
  furigana: z.string().nullable().optional(),
  organization: z.string(),
  roles: z.array(z.enum(ROLES)),
  groups: z.array(z.object({ id: ZId, name: z.string() })),
  updatedAt: z.string().optional(),
  /** Edit rows: the member's status (MemberStatus); absent in runs checked before 利用状態 existed. */
  status: z.number().int().optional(),
  /**
   * Delete rows: what moves to the successor (移管先) when the member is deleted, counted at the check; `to` is
   * null when they hold nothing that needs one.
   */
  transfer: z
    .object({
      to: z.object({ id: ZId, email: z.string(), name: z.string() }).nullable(),
      cabinets: z.number().int(),
      documents: z.number().int(),
    })
    .optional(),
});
export type TMemberBulkValues = z.infer<typeof ZMemberBulkValues>;
