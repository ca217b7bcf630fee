import type { AppDeps } from './deps.ts';
import { registerCabinetJobs } from './modules/cabinets/backfill.job.ts';
import { registerBulkJobs } from './modules/bulk/bulk.jobs.ts';
import { BULK_TARGETS } from './bulk-targets.ts';
import { registerAuditLogJobs } from './modules/audit-log/audit-log.jobs.ts';
import { registerDocumentDownloadJobs } from './modules/document-download/document-download.jobs.ts';
import { registerTaxAuditJobs } from './modules/tax-audit/tax-audit.jobs.ts';
import { registerPasswordResetJobs } from './modules/sign-in/password-reset.jobs.ts';
import { registerSsoJobs } from './modules/sso/sso.jobs.ts';
import { registerLeaverJobs } from './modules/provisioning/leavers-mail.ts';
import { registerScimInvitationJob } from './modules/provisioning/scim-invitations.ts';
import { pruneProvisioningLog } from './modules/provisioning/provisioning-tokens.service.ts';
import { registerAlertJobs } from './modules/alerts/alerts.jobs.ts';

/**
 * The composition root of the jobs: every job kind, registered on every instance (so any instance can send), worked only by the worker
 * role. One line per area.
 */
export async function registerJobHandlers(deps: AppDeps): Promise<void> {
  await registerCabinetJobs(deps);
  for (const target of BULK_TARGETS) await registerBulkJobs(deps, target);
  // The audit log's daily sweep also drops provisioning log lines past their 30 days.
  await registerAuditLogJobs(deps, [pruneProvisioningLog]);
  await registerDocumentDownloadJobs(deps);
  await registerTaxAuditJobs(deps);
  await registerPasswordResetJobs(deps);
  await registerSsoJobs(deps);
  await registerLeaverJobs(deps);
  await registerScimInvitationJob(deps);
  await registerAlertJobs(deps);
}
