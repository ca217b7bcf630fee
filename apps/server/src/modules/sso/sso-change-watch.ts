/**
 * A sign-in through the IdP of a member who can read the audit log or administer the company, soon after an
 * SSO settings change, is the trace an admin impersonating them leaves (swap the IdP certificate, answer as
 * the IdP, put it back): it is flagged on the `auth.signIn` event for the auditors to see.
 */
import { SSO_CHANGE_WATCH_HOURS, SSO_SIGN_IN_AFTER_CHANGE, type TRole } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { lastSsoChangeSince } from './sso-audit.repository.ts';

/** 組織管理権限 and 監査ログ閲覧権限: whoever holds one can change or hide what the log says. */
const WATCHED_ROLES: readonly TRole[] = ['CompanyAdmin', 'CompanyAuditor'];

/** The details to add to the sign-in's event: the flag, the change's time and the roles; or nothing. */
export async function ssoChangeFlag(
  db: DbOrTx,
  companyId: string,
  account: { roles?: readonly string[] | null },
  now: Date,
): Promise<Record<string, unknown>> {
  const roles = WATCHED_ROLES.filter((r) => account.roles?.includes(r));
  if (roles.length === 0) return {};
  const since = new Date(now.getTime() - SSO_CHANGE_WATCH_HOURS * 3600_000);
  const changedAt = await lastSsoChangeSince(db, companyId, since);
  if (!changedAt) return {};
  return { flag: SSO_SIGN_IN_AFTER_CHANGE, ssoChangedAt: changedAt.toISOString(), roles };
}
