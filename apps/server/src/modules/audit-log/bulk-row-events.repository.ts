/** The SQL of bulk-row-events.ts: a run's own `bulk.executed` event (who executed it, from where). */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

/** The newest `bulk.executed` event of a run (the target index answers it). */
export async function findRunExecutedEvent(db: DbOrTx, companyId: string, runId: string) {
  const [ev] = await db
    .select({
      actorId: auditEvents.actorId,
      actorName: auditEvents.actorName,
      actorEmail: auditEvents.actorEmail,
      ip: auditEvents.ip,
      userAgent: auditEvents.userAgent,
      requestId: auditEvents.requestId,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.companyId, companyId),
        eq(auditEvents.targetType, 'bulkRun'),
        eq(auditEvents.targetId, runId),
        eq(auditEvents.action, 'bulk.executed'),
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.seq))
    .limit(1);
  return ev ?? null;
}
