/**
 * Which sign-in an email address gets (email-first login): the company's IdP when its SSO is on and the
 * company's sign-in policy refuses the member a password (auth/sign-in-policy.sql.ts), or when JIT would create
 * them there; otherwise the password.
 */
import type { AppDeps } from '../../deps.ts';
import { normalizeEmail } from '../../lib/email.ts';
import * as repo from './sso.repository.ts';
import { selectPasswordPolicyByEmail } from '../../auth/sign-in-policy.repository.ts';
import { findJitCompanyForDomain } from './sso-domains.repository.ts';

export async function ssoCompanyForEmail(deps: AppDeps, rawEmail: string): Promise<string | null> {
  const email = normalizeEmail(rawEmail);
  if (!email.includes('@')) return null;
  // The sign-in policy's own condition: an exception who is no longer an admin goes to the IdP too, rather
  // than to a password step that would refuse him.
  const member = await selectPasswordPolicyByEmail(deps.database.db, email);
  if (member) return member.isPasswordAllowed ? null : member.companyId;
  return jitCompanyFor(deps, email);
}

/** The company JIT creates this (normalized) address in, if any: its domain verified there, SSO and JIT on. */
export async function jitCompanyFor(deps: AppDeps, email: string): Promise<string | null> {
  const domain = email.split('@')[1];
  return domain ? findJitCompanyForDomain(deps.database.db, domain) : null;
}

/** Whether the company signs in through its IdP at all (its own 「SSOでログイン」 URL). */
export async function companyUsesSso(deps: AppDeps, companyId: string) {
  const company = await repo.findCompany(deps.database.db, companyId);
  return !!company?.isEnabledFederatedIdentity;
}
