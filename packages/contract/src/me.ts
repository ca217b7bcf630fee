import { z } from 'zod';
import { ZId } from './common.ts';
import { ZMemberStatus, ZMfaState, ZPlan, ZRole, ZTheme } from './enums.ts';

/** Company flags (spec §3) plus name and plan (docs/design.md §1). */
export const ZCompany = z.object({
  id: ZId,
  name: z.string(),
  plan: ZPlan,
  documentApproval: z.number().int(),
  auditLog: z.boolean(),
  documentImport: z.boolean(),
  /** Members other than company admins may use まとめてダウンロード (company settings). */
  bulkDownloadMembers: z.boolean().optional(),
  isEnabledFederatedIdentity: z.boolean(),
  mfa: z.number().int(),
  /** The company's idle timeout in minutes (session-limits.ts): the console signs an unused tab out. */
  idleTimeoutMinutes: z.number().int().nullable().optional(),
});
export type TCompany = z.infer<typeof ZCompany>;

/** The signed-in user (spec §3 Member/user) as `GET /me` answers it. */
export const ZCurrentUser = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
  status: ZMemberStatus,
  organization: z.string(),
  roles: z.array(ZRole),
  mfa: ZMfaState,
  theme: ZTheme,
  company: ZCompany,
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const ZMeResponse = z.object({ user: ZCurrentUser });
export type TMeResponse = z.infer<typeof ZMeResponse>;

/** Main site (spec §7). */
export const ZTokenResponse = z.object({
  jwt: z.string(),
  /**
   * When the session behind the token ends at the latest: once it is refused, the console tells an expired
   * session (「セッションの有効期限が切れました」) from one ended elsewhere (「ログアウトされました」).
   */
  sessionExpiresAt: z.string().optional(),
});
/**
 * The console's current token, proving it holds the session. Left out when the site refuses to mint one for a
 * session it still accepts: the session cookie and `X-Requested-With` then end it (modules/sign-in/token.routes.ts).
 */
export const ZLogoutRequest = z.object({
  token: z.string().min(1, 'トークンが必要です。').optional(),
});
export const ZLogoutResponse = z.object({ url: z.string() });
