/**
 * An admin's change that signs a member out of every browser (MFA reset, password reset mail, 利用停止, a new
 * login email) records the ending as its own event, beside the change's, so an auditor asking "when were this
 * member's sessions revoked, and why" finds it under セッションの無効化. Nothing is recorded when no session
 * was open: there was nothing to revoke.
 */
import type { DbOrTx } from '../../db/client.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { memberAuditTarget } from './member-mappers.ts';

export type SessionsEndedReason =
  'mfaReset' | 'passwordReset' | 'memberDeactivated' | 'emailChanged';

export async function recordSessionsEnded(
  tx: DbOrTx,
  who: Parameters<typeof auditBy>[0],
  member: { id: string; name: string; email: string },
  ended: number,
  reason: SessionsEndedReason,
  occurredAt: Date,
) {
  if (ended === 0) return;
  await recordAuditEvent(tx, {
    ...auditBy(who),
    action: 'auth.sessionsRevoked',
    target: memberAuditTarget(member),
    details: { reason, sessions: ended },
    occurredAt,
  });
}
