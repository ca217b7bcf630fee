import type { TCurrentUser } from './me.ts';
import { PLAN_FLAGS, type TCompanyFlag } from './company-settings.ts';
import { ROLES, type TRole } from './enums.ts';

/** Whether the plan includes the flag's feature (PLAN_FLAGS is the one list; an unknown plan has none). */
export const planIncludes = (plan: string, flag: TCompanyFlag): boolean =>
  (PLAN_FLAGS as Record<string, readonly TCompanyFlag[] | undefined>)[plan]?.includes(flag) ??
  false;

/** Capabilities the console derives from the current user (spec §6, docs/design.md §1). Shared by server and console. */
export const isCompanyAdmin = (u: Pick<TCurrentUser, 'roles'>) => u.roles.includes('CompanyAdmin');
export const isDocumentApprovalOn = (u: TCurrentUser) => u.company.documentApproval !== 0;
/**
 * The privileges a company's admins see and set: 承認権限 only while the company's documentApproval flag is
 * on (a privilege held from before stays stored, unseen, and comes back when the flag is turned on again).
 */
export const rolesShownFor = (u: { company: { documentApproval: number } }): readonly TRole[] =>
  u.company.documentApproval !== 0 ? ROLES : ROLES.filter((r) => r !== 'CompanyApprover');
export const isAuditor = (u: TCurrentUser) => u.company.auditLog;
/**
 * Who may open the audit log: only while the company's audit log is on, and then company admins and holders of
 * 監査ログ閲覧権限. The settings preview names exactly these people when the log is about to be turned off.
 */
export const isDocumentImporter = (u: TCurrentUser) =>
  u.company.documentImport && u.roles.includes('DocumentImporter');
export const isMfaRequired = (u: TCurrentUser) => u.company.mfa === 2;
export const canBulkEditDocumentAttributes = (u: TCurrentUser) => u.company.plan === 'enterprise';
/**
 * Who may import documents: a plan that includes import (PLAN_FLAGS), the company's documentImport flag, and
 * 書類インポート権限 or 組織管理権限 (the same rule as the server's import). Spec §6's isDocumentImporter alone
 * would hide the import from company admins.
 */
export const canImportDocuments = (u: Pick<TCurrentUser, 'roles' | 'company'>) =>
  u.company.documentImport &&
  planIncludes(u.company.plan, 'documentImport') &&
  (isCompanyAdmin(u) || u.roles.includes('DocumentImporter'));
/** 書類情報の一括編集: an enterprise plan and 組織管理権限 (the server's guard of those routes). */
export const canUseDocumentAttributeBulk = (u: TCurrentUser) =>
  canBulkEditDocumentAttributes(u) && isCompanyAdmin(u);
/**
 * The audit log viewer (docs/decisions.md "Audit log"): the company's auditLog flag, a plan that includes it
 * (enterprise) and the member's own 監査ログ閲覧権限.
 */
export const canReadAuditLog = (u: {
  roles: readonly string[];
  company: { auditLog: boolean; plan: string };
}) =>
  u.company.auditLog &&
  planIncludes(u.company.plan, 'auditLog') &&
  u.roles.includes('CompanyAuditor');
/** SSO設定: business and enterprise plans include SAML single sign-on; its settings are for company admins. */
export const SSO_PLANS: readonly string[] = ['business', 'enterprise'];
export const isSsoPlan = (u: { company: { plan: string } }) => SSO_PLANS.includes(u.company.plan);
export const canConfigureSso = (u: TCurrentUser) => isSsoPlan(u) && isCompanyAdmin(u);
