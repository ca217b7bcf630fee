import type { TCurrentUser } from './me.ts';

/** Capabilities the console derives from the current user (spec §6, docs/design.md §1). Shared by server and console. */
export const isCompanyAdmin = (u: Pick<TCurrentUser, 'roles'>) => u.roles.includes('CompanyAdmin');
export const isDocumentApprovalOn = (u: TCurrentUser) => u.company.documentApproval !== 0;
export const isAuditor = (u: TCurrentUser) => u.company.auditLog;
/**
 * Who may open the audit log: only while the company's audit log is on, and then company admins and holders of
 * 監査ログ閲覧権限. The settings preview names exactly these people when the log is about to be turned off.
 */
export const canViewAuditLog = (u: { roles: readonly string[]; company: { auditLog: boolean } }) =>
  u.company.auditLog && (u.roles.includes('CompanyAdmin') || u.roles.includes('CompanyAuditor'));
export const isDocumentImporter = (u: TCurrentUser) =>
  u.company.documentImport && u.roles.includes('DocumentImporter');
export const isMfaRequired = (u: TCurrentUser) => u.company.mfa === 2;
export const canBulkEditDocumentAttributes = (u: TCurrentUser) => u.company.plan === 'enterprise';
