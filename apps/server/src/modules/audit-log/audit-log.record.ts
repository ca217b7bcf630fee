/**
 * Recording an audit event (README.md beside this file): always inside the caller's transaction, so the event
 * commits with the change it describes or not at all. The chain (seq, prev_hash, hash) is the database's.
 */
import { AUDIT_ACTIONS, type TAuditAction, type TAuditTargetType } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import { insertEventRows } from './audit-log-insert.repository.ts';
import { insertDocumentEvents } from './document-events.repository.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';

/** A member as an event names them now: for a job acting for whoever started it, for the site's own events. */
export { findMemberAccount, findMemberIdentity } from './audit-log.repository.ts';

/** Who acted; null for the system (jobs acting on their own, failed sign-ins of unknown addresses). */
export type AuditActor = { id: string; name: string; email: string } | null;

export type AuditEventInput = {
  companyId: string;
  actor: AuditActor;
  origin?: RequestOrigin;
  action: TAuditAction;
  target?: { type: TAuditTargetType; id: string; name: string };
  /** Before → after as `{ field: { before, after } }`, counts, file names: whatever the viewer explains. */
  details?: Record<string, unknown>;
  occurredAt?: Date;
};

/** The actor, company and origin of an authenticated caller, spread into an event. */
export function auditBy(who: {
  user: { id: string; name: string; email: string; companyId: string };
  origin?: RequestOrigin;
}) {
  return {
    companyId: who.user.companyId,
    actor: { id: who.user.id, name: who.user.name, email: who.user.email },
    origin: who.origin,
  };
}

export async function recordAuditEvent(tx: DbOrTx, event: AuditEventInput): Promise<void> {
  await recordAuditEvents(tx, [event]);
}

/** The stored row of an event: the columns the caller writes (the chain's are the trigger's). */
export const toRow = (e: AuditEventInput) => ({
  companyId: e.companyId,
  occurredAt: e.occurredAt ?? new Date(),
  actorId: e.actor?.id ?? null,
  actorName: e.actor?.name ?? '',
  actorEmail: e.actor?.email ?? '',
  ip: e.origin?.ip ?? '',
  userAgent: (e.origin?.userAgent ?? '').slice(0, 500),
  requestId: e.origin?.requestId ?? '',
  action: e.action,
  category: AUDIT_ACTIONS[e.action].category,
  targetType: e.target?.type ?? '',
  targetId: e.target?.id ?? '',
  targetName: e.target?.name ?? '',
  details: e.origin?.source ? { ...e.details, source: e.origin.source } : (e.details ?? {}),
});

/**
 * Several events of one change (one per member or document touched, never per CSV row), one statement. Many
 * events (a bulk run's batch writes 2,000) go as one JSON parameter, in the given order
 * (audit-log-insert.repository.ts): a multi-row VALUES of 14 parameters per event cost about twice as much.
 */
export async function recordAuditEvents(
  tx: DbOrTx,
  events: readonly AuditEventInput[],
): Promise<void> {
  if (events.length === 0) return;
  if (events.length === 1) {
    await tx.insert(auditEvents).values([toRow(events[0]!)]);
    return;
  }
  await insertEventRows(
    tx,
    events.map((e) => {
      const r = toRow(e);
      return [
        r.companyId,
        r.occurredAt.toISOString(),
        r.actorId,
        r.actorName,
        r.actorEmail,
        r.ip,
        r.userAgent,
        r.requestId,
        r.action,
        r.category,
        r.targetType,
        r.targetId,
        r.targetName,
        r.details,
      ];
    }),
  );
}

/**
 * One event per document touched (so a document's history finds it), written in one INSERT … SELECT that
 * copies each title at that moment. Above PER_DOCUMENT_MAX documents the call is one event naming the
 * cabinet with the count and the ids: the chain is extended row by row under the company's lock, and
 * 10,000 links would hold every other writer of the company for seconds.
 */
export const PER_DOCUMENT_MAX = 100;

export async function recordDocumentEvents(
  tx: DbOrTx,
  base: { companyId: string; actor: AuditActor; origin?: RequestOrigin },
  action: TAuditAction,
  documentIds: readonly string[],
  details: { cabinet: { id: string; name: string } } & Record<string, unknown>,
): Promise<void> {
  if (documentIds.length === 0) return;
  if (documentIds.length <= PER_DOCUMENT_MAX)
    return insertDocumentEvents(tx, base, action, documentIds, details);
  const cabinet = details.cabinet;
  await recordAuditEvent(tx, {
    ...base,
    action,
    target: { type: 'cabinet', id: cabinet.id, name: cabinet.name },
    details: { ...details, count: documentIds.length, documentIds },
  });
}

/** `{ field: { before, after } }` of the fields that differ; empty when nothing changed. */
export function changes<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of fields) {
    if (!(field in after) || after[field] === undefined) continue;
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    out[field] = { before: before[field], after: after[field] };
  }
  return out;
}
