import type { TCurrentUser, TRole } from '@cloudsign/contract';
import type { companies } from '../db/schema.ts';
import type { SessionUser } from './sessions.repository.ts';
import type { RequestOrigin } from '../lib/http/request-origin.ts';

export { findSessionUser } from './sessions.repository.ts';

export type UserRow = SessionUser;
export type CompanyRow = typeof companies.$inferSelect;

/** Who is calling: loaded fresh on every request, so a deleted or demoted member loses access at once. */
export type AuthContext = {
  user: UserRow;
  company: CompanyRow;
  sessionId: string;
  roles: ReadonlySet<TRole>;
  isCompanyAdmin: boolean;
  /** Where the request came from, for the audit log (plain data: services never see Fastify). */
  origin?: RequestOrigin;
};

export function toAuthContext(
  row: { user: UserRow; company: CompanyRow },
  sessionId: string,
  origin?: RequestOrigin,
): AuthContext {
  const roles = new Set(row.user.roles as TRole[]);
  return {
    user: row.user,
    company: row.company,
    sessionId,
    roles,
    isCompanyAdmin: roles.has('CompanyAdmin'),
    origin,
  };
}

export function toCurrentUser(user: UserRow, company: CompanyRow): TCurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    status: user.status as TCurrentUser['status'],
    organization: user.organization,
    roles: user.roles as TRole[],
    mfa: user.mfa as TCurrentUser['mfa'],
    // The company decides the look (company settings); the member's own copy follows it.
    theme: company.theme as TCurrentUser['theme'],
    company: {
      id: company.id,
      name: company.name,
      plan: company.plan as TCurrentUser['company']['plan'],
      documentApproval: company.documentApproval,
      auditLog: company.auditLog,
      documentImport: company.documentImport,
      bulkDownloadMembers: company.bulkDownloadMembers,
      isEnabledFederatedIdentity: company.isEnabledFederatedIdentity,
      mfa: company.mfa,
      idleTimeoutMinutes: company.idleTimeoutMinutes,
    },
  };
}
