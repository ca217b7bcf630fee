import type { TCurrentUser } from './me.ts';

/** Capabilities the console derives from the current user (spec §6, docs/design.md §1). Shared by server and console. */
export const isCompanyAdmin = (u: Pick<TCurrentUser, 'roles'>) => u.roles.includes('CompanyAdmin');
export const isDocumentApprovalOn = (u: TCurrentUser) => u.company.documentApproval !== 0;
export const isAuditor = (u: TCurrentUser) => u.company.auditLog;
export const isDocumentImporter = (u: TCurrentUser) =>
  u.company.documentImport && u.roles.includes('DocumentImporter');
export const isMfaRequired = (u: TCurrentUser) => u.company.mfa === 2;
export const canBulkEditDocumentAttributes = (u: TCurrentUser) => u.company.plan === 'enterprise';
