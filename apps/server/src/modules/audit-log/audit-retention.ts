/**
 * The retention job: each company's events older than its period (companies.audit_retention_years, at
 * least 5) are deleted by the database's retention function, which records the deletion as an event of its
 * own in the same statement, naming how many went and the first kept event with its stored previous hash (the
 * chain verifies from there).
 */
import type { AppDeps } from '../../deps.ts';
import { findCompaniesWithExpiredEvents, pruneCompany } from './audit-retention.repository.ts';

export const AUDIT_RETENTION_JOB = 'audit-log.retention';
/** Every day at 03:30 JST (18:30 UTC), a quiet hour in Japan; one run covers every company. */
export const AUDIT_RETENTION_CRON = '30 18 * * *';

export async function pruneExpiredEvents(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const db = deps.database.db;
  let total = 0;
  for (const company of await findCompaniesWithExpiredEvents(db, now))
    total += await pruneCompany(db, company.id, now);
  return total;
}
