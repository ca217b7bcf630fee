import { canReadAuditLog, isCompanyAdmin, type TCurrentUser } from '@cloudsign/contract';

/**
 * Where the top page sends a member (issues 2 and 33): company admins to the members list; a member whose only
 * privilege is 監査ログ閲覧権限 (an auditor, who may see no cabinet at all) to 監査ログ; everyone else to the
 * cabinets.
 */
export function landingPath(user: TCurrentUser | null): string {
  if (user && isCompanyAdmin(user)) return '/company/members';
  if (user && canReadAuditLog(user) && user.roles.every((r) => r === 'CompanyAuditor'))
    return '/company/audit_log';
  return '/cabinets';
}
