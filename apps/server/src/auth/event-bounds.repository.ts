/**
 * Reads of the audit log that bound the sign-in events an unauthenticated request can cause (event-bounds.ts).
 * The audit log's own queries live in modules/audit-log; auth/ may not import a module.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

/**
 * How many (up to `upTo`) auth.signInFailed of this reason was recorded in the company at or after `since`, about the
 * member when given, else about nobody (an unnamed refusal). Served by the target index.
 */
export async function countSignInFailuresSince(
  db: DbOrTx,
  q: { companyId: string; memberId: string | null; reason: string; since: Date },
  upTo: number,
): Promise<number> {
  const rows = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.companyId, q.companyId),
        eq(auditEvents.targetType, q.memberId ? 'member' : ''),
        eq(auditEvents.targetId, q.memberId ?? ''),
        gte(auditEvents.occurredAt, q.since),
        eq(auditEvents.action, 'auth.signInFailed'),
        sql`${auditEvents.details}->>'reason' = ${q.reason}`,
      ),
    )
    .limit(upTo);
  return rows.length;
}
