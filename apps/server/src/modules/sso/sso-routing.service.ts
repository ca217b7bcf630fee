/**
 * Which sign-in an email address gets (email-first login): the company's IdP when its SSO is on and the
 * member is not a break-glass exception, or when JIT would create them there; otherwise the password.
 */
import type { AppDeps } from '../../deps.ts';
import { normalizeEmail } from '../../lib/email.ts';
import * as repo from './sso.repository.ts';
import { findJitCompanyForDomain } from './sso-domains.repository.ts';

export async function ssoCompanyForEmail(deps: AppDeps, rawEmail: string): Promise<string | null> {
  const db = deps.database.db;
  const email = normalizeEmail(rawEmail);
  if (!email.includes('@')) return null;
  const user = await repo.findUserByEmail(db, email);
  if (user) {
    const company = await repo.findCompany(db, user.companyId);
    if (!company?.isEnabledFederatedIdentity) return null;
    const settings = await repo.findSettings(db, user.companyId);
    if (!settings || settings.exceptionUserIds.includes(user.id)) return null;
    return user.companyId;
  }
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
