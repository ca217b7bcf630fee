/**
 * Session limits (docs/design.md "Session limits"): a company's idle timeout and session length. Saved like
 * the company settings (the row locked, the version named in If-Match, 409 when stale), after a preview of
 * the sessions the new limits end at once; enforced where every request reads its session
 * (auth/sessions.repository.ts), so a change applies on every process from the next request.
 */
import {
  IDLE_TIMEOUT_LABEL,
  SESSION_MAX_HOURS_LABEL,
  type TSessionLimits,
  type TSessionLimitsPreview,
  type TUpdateSessionLimitsRequest,
} from '@cloudsign/contract';
import { notFound } from '../../lib/app-error.ts';
import { assertVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditBy, changes, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import * as repo from './session-limits.repository.ts';

type Who = Pick<AuthContext, 'user' | 'company' | 'origin' | 'sessionId'>;

export const FIELD_LABELS = {
  idleTimeoutMinutes: IDLE_TIMEOUT_LABEL,
  sessionMaxHours: SESSION_MAX_HOURS_LABEL,
};

const toLimits = (r: repo.LimitsRow): TSessionLimits => ({
  companyId: r.id,
  idleTimeoutMinutes: r.idleTimeoutMinutes,
  sessionMaxHours: r.sessionMaxHours,
  version: r.sessionLimitsVersion,
});

async function load(db: DbOrTx, companyId: string, forUpdate = false) {
  const row = await repo.findLimits(db, companyId, { forUpdate });
  if (!row) throw notFound();
  return row;
}

export async function getLimits(deps: AppDeps, who: Who) {
  return toLimits(await load(deps.database.db, who.user.companyId));
}

/** The sessions (and members) the new limits would end now; nothing is written. */
export async function previewLimits(
  deps: AppDeps,
  who: Who,
  body: TUpdateSessionLimitsRequest,
  expected: ExpectedVersion,
): Promise<TSessionLimitsPreview> {
  const db = deps.database.db;
  const current = await load(db, who.user.companyId);
  assertVersion(expected, current.sessionLimitsVersion);
  return repo.sessionsEndedBy(db, current.id, body, deps.clock(), who.sessionId);
}

export async function updateLimits(
  deps: AppDeps,
  who: Who,
  body: TUpdateSessionLimitsRequest,
  expected: ExpectedVersion,
) {
  const companyId = who.user.companyId;
  const saved = await deps.database.db.transaction(async (tx) => {
    const current = await load(tx, companyId, true);
    assertVersion(expected, current.sessionLimitsVersion);
    const changed = changes(current, body, ['idleTimeoutMinutes', 'sessionMaxHours']);
    // The same limits saved again change nothing: no new version, no event.
    if (Object.keys(changed).length === 0) return current;
    const now = deps.clock();
    // Counted under the lock, before the change: what the admin confirmed, as it happened.
    const ended = await repo.sessionsEndedBy(tx, companyId, body, now, who.sessionId);
    const next = { ...body, sessionLimitsVersion: current.sessionLimitsVersion + 1 };
    await repo.updateLimits(tx, companyId, next);
    if (body.sessionMaxHours !== current.sessionMaxHours)
      await repo.reexpireSessions(tx, companyId, body.sessionMaxHours, now);
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'company.sessionLimitsChanged',
      target: { type: 'company', id: companyId, name: who.company.name },
      details: { ...changed, sessionsEnded: ended.sessions, membersSignedOut: ended.memberCount },
    });
    return { ...current, ...next };
  });
  return toLimits(saved);
}
