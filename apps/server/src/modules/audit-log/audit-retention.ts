/**
 * The retention job: each company's events older than its period (companies.audit_retention_years, at
 * least 5) are deleted, and the deletion is recorded as an event of its own in the same transaction, naming
 * how many went and the first kept event with its stored previous hash (the chain verifies from there).
 */
import type { AppDeps } from '../../deps.ts';
import { recordAuditEvent } from './audit-log.record.ts';
import {
  deleteEventsBefore,
  findCompaniesWithExpiredEvents,
} from './audit-retention.repository.ts';

export const AUDIT_RETENTION_JOB = 'audit-log.retention';
/** Every day at 03:30 JST (18:30 UTC), a quiet hour in Japan; one run covers every company. */
export const AUDIT_RETENTION_CRON = '30 18 * * *';

const yearsBefore = (now: Date, years: number) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
};

export async function pruneExpiredEvents(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const db = deps.database.db;
  let total = 0;
  for (const company of await findCompaniesWithExpiredEvents(db, now)) {
    const cutoff = yearsBefore(now, company.years);
    total += await db.transaction(async (tx) => {
      const result = await deleteEventsBefore(tx, company.id, cutoff);
      if (result.deleted === 0) return 0;
      await recordAuditEvent(tx, {
        companyId: company.id,
        actor: null,
        action: 'auditLog.pruned',
        target: { type: 'company', id: company.id, name: company.name },
        details: { retentionYears: company.years, before: cutoff.toISOString(), ...result },
      });
      return result.deleted;
    });
  }
  return total;
}
