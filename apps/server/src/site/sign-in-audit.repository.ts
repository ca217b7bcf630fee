/** The sign-in events the site reads back before writing one (the audit log's own queries: modules/audit-log). */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

/** Whether a sign-in failure of this reason about the member was recorded at or after `since`. */
export async function hasSignInFailureSince(
  db: DbOrTx,
  member: { id: string; companyId: string },
  reason: string,
  since: Date,
) {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        // The target index: (company, target type, target id, time).
        eq(auditEvents.companyId, member.companyId),
        eq(auditEvents.targetType, 'member'),
        eq(auditEvents.targetId, member.id),
        gte(auditEvents.occurredAt, since),
        eq(auditEvents.action, 'auth.signInFailed'),
        sql`${auditEvents.details}->>'reason' = ${reason}`,
      ),
    )
    .limit(1);
  return !!row;
}
