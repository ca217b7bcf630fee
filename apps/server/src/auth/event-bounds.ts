/**
 * Bounds on the audit events that a request without a session can cause (docs/design.md §1): such requests
 * cost the sender nothing, and each event would otherwise be a row in some company's log. A repeated failure
 * within its window is left to the application log instead.
 */
import type { DbOrTx } from '../db/client.ts';
import { countSignInFailuresSince } from './event-bounds.repository.ts';

/**
 * An unnamed SSO refusal (no member named: nothing the IdP signed for one) is recorded up to this many times
 * per reason a minute in a company; a connection test or a misconfigured IdP stays visible, a flood does not
 * fill the log.
 */
export const UNNAMED_REFUSALS_PER_MINUTE = 10;
const UNNAMED_REFUSAL_WINDOW_MS = 60 * 1000;

export async function isRepeatedUnnamedRefusal(
  db: DbOrTx,
  companyId: string,
  reason: string,
  now: Date,
) {
  const since = new Date(now.getTime() - UNNAMED_REFUSAL_WINDOW_MS);
  const q = { companyId, memberId: null, reason, since };
  return (
    (await countSignInFailuresSince(db, q, UNNAMED_REFUSALS_PER_MINUTE)) >=
    UNNAMED_REFUSALS_PER_MINUTE
  );
}

/** Whether a failure of this reason about the member was recorded since `since` (e.g. the start of a wait). */
export const hasMemberFailureSince = async (
  db: DbOrTx,
  member: { id: string; companyId: string },
  reason: string,
  since: Date,
) =>
  (await countSignInFailuresSince(
    db,
    { companyId: member.companyId, memberId: member.id, reason, since },
    1,
  )) > 0;
