import type { AppDeps } from '../deps.ts';
import { registerCabinetJobs } from '../api/cabinets/backfill.job.ts';
import { registerMemberBulkJobs } from '../api/member-bulk/member-bulk.jobs.ts';
import { registerDocumentAttributeBulkJobs } from '../api/document-attribute-bulk/document-attribute-bulk.jobs.ts';

/**
 * Every job kind, registered on every instance (so any instance can send), worked only by the worker
 * role. One line per area.
 */
export async function registerJobHandlers(deps: AppDeps): Promise<void> {
  // e.g. await registerMemberBulkJobs(deps);
  await registerCabinetJobs(deps);
  await registerMemberBulkJobs(deps);
  await registerDocumentAttributeBulkJobs(deps);
}
