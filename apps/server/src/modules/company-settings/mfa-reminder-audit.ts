/**
 * The audit event of 2要素認証の設定のお願い: who asked whom. Recorded before the mails go out, so a sending
 * cut short is still in the log; one event per sending (names capped, the count exact).
 */
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';

/** Enough names to recognise a small sending; at 100,000 members the event stays small. */
const NAMED_AT_MOST = 100;

export async function recordMfaReminders(
  db: DbOrTx,
  who: Pick<AuthContext, 'user' | 'company' | 'origin'>,
  members: readonly { id: string; name: string }[],
) {
  if (members.length === 0) return;
  await recordAuditEvent(db, {
    ...auditBy(who),
    action: 'company.mfaRemindersSent',
    target: { type: 'company', id: who.company.id, name: who.company.name },
    details: {
      count: members.length,
      members: members.slice(0, NAMED_AT_MOST).map((m) => ({ id: m.id, name: m.name })),
    },
  });
}
