import { z } from 'zod';
import { ZId, ZPage, strictRequestBody } from './common.ts';
import { MEMBER_SOURCES, ROLES, ZMemberSource, ZMemberStatus, ZMfaState, ZTheme } from './enums.ts';
import { MEMBER_SIGN_IN_FILTERS, MEMBER_SORTS } from './list-queries.ts';
import { refineText } from './text.ts';
import { normalizeEmailInput, normalizeFuriganaInput } from './japanese-input.ts';

/** Members (spec §3, §7; docs/design.md §2): email ≤254 and unique across the service, name ≤64. */
export const MEMBER_EMAIL_MAX = 254;
export const MEMBER_NAME_MAX = 64;
export const MEMBER_FURIGANA_MAX = 128;
export const MEMBER_ORGANIZATION_MAX = 100;
export const MEMBER_KEYWORD_MAX = 200;

/** Practical syntax check (WHATWG-like): one @, no spaces, a dotted domain. */
const EMAIL_RE =
  /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * Stored lower-cased: the uniqueness rule ignores case (docs/design.md §2). Typed in full width
 * (ｙａｍａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ) it is NFKC-normalised; a character still not ASCII is refused.
 */
export const ZMemberEmail = z
  .string({ message: 'メールアドレスを入力してください。' })
  .transform((s, ctx) => {
    const r = normalizeEmailInput(s);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: 'メールアドレスは半角で入力してください。' });
    return z.NEVER;
  })
  .pipe(
    z
      .string()
      .min(1, { message: 'メールアドレスを入力してください。' })
      .max(MEMBER_EMAIL_MAX, {
        message: `メールアドレスは${MEMBER_EMAIL_MAX}文字以内で入力してください。`,
      })
      .regex(EMAIL_RE, { message: 'メールアドレスの形式が正しくありません。' }),
  );
export const ZMemberName = z
  .string({ message: '氏名は文字列で入力してください。' })
  .trim()
  .max(MEMBER_NAME_MAX, { message: `氏名は${MEMBER_NAME_MAX}文字以内で入力してください。` })
  .superRefine(refineText('氏名'));
/**
 * フリガナ: typed in hiragana, half-width or full-width katakana, stored in full-width katakana; blank = none
 * (null). Kanji, Latin letters or digits are refused.
 */
export const ZMemberFurigana = z
  .string({ message: 'フリガナは文字列で入力してください。' })
  .nullable()
  .transform((s, ctx) => {
    if (s === null) return null;
    const r = normalizeFuriganaInput(s);
    if (!r.ok) {
      ctx.addIssue({
        code: 'custom',
        message: 'フリガナはカタカナまたはひらがなで入力してください。',
      });
      return z.NEVER;
    }
    if ([...r.value].length > MEMBER_FURIGANA_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `フリガナは${MEMBER_FURIGANA_MAX}文字以内で入力してください。`,
      });
      return z.NEVER;
    }
    return r.value === '' ? null : r.value;
  });
export const ZMemberOrganization = z
  .string({ message: '所属は文字列で入力してください。' })
  .trim()
  .max(MEMBER_ORGANIZATION_MAX, {
    message: `所属は${MEMBER_ORGANIZATION_MAX}文字以内で入力してください。`,
  })
  .superRefine(refineText('所属'));
export const ZMemberRole = z.enum(ROLES, { message: '権限の値が正しくありません。' });
export const ZMemberRoles = z
  .array(ZMemberRole, { message: '権限は配列で指定してください。' })
  .max(ROLES.length * 2, { message: '権限の指定が多すぎます。' })
  .transform((roles) => ROLES.filter((r) => roles.includes(r)));

export const ZCreateUserRequest = strictRequestBody({
  email: ZMemberEmail,
  name: ZMemberName.default(''),
  furigana: ZMemberFurigana.default(null),
  organization: ZMemberOrganization.default(''),
  roles: ZMemberRoles.default([]),
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequest>;

/** Keys left out stay unchanged. Status is never set here: it follows the password-setup flow. */
export const ZUpdateUserRequest = strictRequestBody({
  email: ZMemberEmail.optional(),
  name: ZMemberName.optional(),
  furigana: ZMemberFurigana.optional(),
  organization: ZMemberOrganization.optional(),
  roles: ZMemberRoles.optional(),
});
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

/** One row of the member list: what the list shows and filters on. */
export const ZMember = z.object({
  id: ZId,
  name: z.string(),
  /** Full-width katakana, or null when none was given. */
  furigana: z.string().nullable(),
  email: z.string(),
  organization: z.string(),
  roles: z.array(ZMemberRole),
  status: ZMemberStatus,
  mfa: ZMfaState,
  createdAt: z.string(),
  /** 最終ログイン日時: the last completed sign-in; null = never signed in (「未ログイン」). */
  lastSignInAt: z.string().nullable(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZMemberGroupRef = z.object({ id: ZId, name: z.string() });
/** The member as `GET /users/{id}` answers it: the list row plus theme, groups and last change. */
export const ZMemberDetail = ZMember.extend({
  theme: ZTheme,
  updatedAt: z.string(),
  /** User groups (type 0); everyone is also in 「すべてのメンバー」 implicitly. */
  groups: z.array(ZMemberGroupRef),
  /** 作成元 (手動 / CSV / SSO / SCIM); a SCIM member's 氏名, メールアドレス, 所属 and 利用状態 are the IdP's. */
  source: ZMemberSource.optional(),
  /**
   * False while his company signs him in by SSO only (he is not one of its break-glass exceptions): no password
   * reset mail can be sent to him, and the drawer says so instead of offering one.
   */
  isPasswordAllowed: z.boolean().optional(),
});
export type TMemberDetail = z.infer<typeof ZMemberDetail>;
export const ZUserResponse = z.object({ user: ZMemberDetail });
export type TUserResponse = z.infer<typeof ZUserResponse>;

const optionalInt = <T extends number>(values: readonly T[], message: string) =>
  z.coerce
    .number({ message })
    .int({ message })
    .refine((n): n is T => values.includes(n as T), { message })
    .optional();

/**
 * `GET /members` (spec §7). The same keys as the console's URL state (list-queries.ts), plus `cabinetId`
 * (members who can read that cabinet). 50 a page; `page=-1` streams every match.
 */
export const ZFindMembersQuery = z.object({
  page: ZPage.default(1),
  keyword: z
    .string()
    .max(MEMBER_KEYWORD_MAX, {
      message: `キーワードは${MEMBER_KEYWORD_MAX}文字以内で入力してください。`,
    })
    .optional(),
  cabinetId: ZId.optional(),
  groupId: ZId.optional(),
  role: ZMemberRole.optional(),
  status: optionalInt([0, 1, 2, 3], '状態の値が正しくありません。'),
  mfa: optionalInt([1, 2], '2要素認証の値が正しくありません。'),
  signIn: z
    .enum(MEMBER_SIGN_IN_FILTERS, { message: '最終ログインの条件の値が正しくありません。' })
    .optional(),
  source: z.enum(MEMBER_SOURCES, { message: '作成元の値が正しくありません。' }).optional(),
  /**
   * `match`, for the member pickers (not a list order a person chooses): whole name / フリガナ / e-mail matches of
   * the keyword first, then those starting with it, then the rest, each in 氏名 order.
   */
  sort: z
    .enum([...MEMBER_SORTS, 'match'], { message: '並び順の値が正しくありません。' })
    .default('name'),
});
export type TFindMembersQuery = z.input<typeof ZFindMembersQuery>;
export type TFindMembersFilter = z.output<typeof ZFindMembersQuery>;

export const ZFindMembersResponse = z.object({
  members: z.array(ZMember),
  total: z.number().int(),
});
export type TFindMembersResponse = z.infer<typeof ZFindMembersResponse>;

/**
 * How a member is named to people (mails, audit targets, notices, run histories): the name, or the email
 * address while no name is registered. One rule, so a member reads the same everywhere.
 */
export const memberLabel = (m: { name?: string | null; email: string }): string =>
  m.name || m.email;

/** A member without a name, where the name has its own place beside the address (docs/glossary.md). */
export const MEMBER_NAME_UNSET = '（氏名未設定）';

/** The name as a list or heading shows it: 「（氏名未設定）」 while none is registered. */
export const memberNameOrUnset = (name: string | null | undefined): string =>
  name || MEMBER_NAME_UNSET;
