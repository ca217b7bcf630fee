/**
 * A bulk run's rows in the audit log (issue 33): one record per member or document a batch changed, written by
 * the executor in the batch's transaction (row-records.ts: one chained `bulk.rowsRecorded` event carrying the
 * SHA-256 of the batch's rows, and the rows in `audit_row_records`), so they commit with the rows' writes and
 * outcomes (exactly once: a retried batch skips settled rows). Each names its member or document like the
 * single edit does, with the same action and before → after, plus `bulk: { run, rowNumber }`: the viewer's
 * search by name, address, title or 管理番号 and the target's own history find bulk changes too, and the
 * chain proves them through their batch's event.
 */
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { ManipulationRow } from '../../bulk/bulk.types.ts';
import { type AuditActor, type AuditEventInput } from './audit-log.record.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import { findMemberIdentity } from './audit-log.repository.ts';
import { findRunExecutedEvent } from './bulk-row-events.repository.ts';
import { recordRowRecords } from './row-records.ts';

/**
 * Writes a batch's row events in the batch's transaction. The product always uses `recordRowRecords` (the
 * executors' default, which no caller overrides); the parameter exists so that the benchmark can run the same
 * execution without them and measure what recording costs (bench/audit-log.bench.ts).
 */
export type RowEventWriter = (tx: Tx, events: readonly AuditEventInput[]) => Promise<void>;
export const writeRowEvents: RowEventWriter = recordRowRecords;

/**
 * A batch's own write (a started statement: an async function's promise) and the recording of its rows, run
 * together: the records' lines and digest (row-records.ts: tens of milliseconds of Node per 2,000 rows) are built
 * while the database applies the write, which they need nothing from, and their statements queue behind it on
 * the transaction's connection. Both settle before this returns, so no statement of either reaches the
 * connection after the transaction has ended; the write's failure is the one thrown when both fail.
 */
export async function alongsideWrite(
  applying: Promise<unknown>,
  record: () => Promise<void>,
): Promise<void> {
  // Handled at once: a write failing during the yield below is no unhandled rejection.
  applying.catch(() => undefined);
  // One turn of the event loop: the write's statement, a few promise steps from its call, reaches the connection
  // before the records' building takes the thread.
  await new Promise<void>((resolve) => setImmediate(resolve));
  const [applied, recorded] = await Promise.allSettled([applying, record()]);
  if (applied.status === 'rejected') throw applied.reason;
  if (recorded.status === 'rejected') throw recorded.reason;
}

/** Who ran the run and from where: read once per run from its own `bulk.executed` event. */
export type RunExecutor = { actor: AuditActor; origin?: RequestOrigin };

const executors = new Map<string, RunExecutor>();

/**
 * The run's executor is the actor of its `bulk.executed` event, recorded in the transaction that queued the
 * job (so it exists whenever the job runs); a run executed before that event existed falls back to its
 * uploader. Cached per run: the batches of a run share one executor.
 */
export async function runExecutor(db: DbOrTx, m: ManipulationRow): Promise<RunExecutor> {
  const cached = executors.get(m.id);
  if (cached) return cached;
  const ev = await findRunExecutedEvent(db, m.companyId, m.id);
  let found: RunExecutor;
  if (ev) {
    const source = (ev.details as { source?: unknown }).source;
    found = {
      actor: ev.actorId ? { id: ev.actorId, name: ev.actorName, email: ev.actorEmail } : null,
      origin: {
        ip: ev.ip,
        userAgent: ev.userAgent,
        requestId: ev.requestId,
        ...(source === 'SCIM' ? { source } : {}),
      },
    };
  } else {
    const who = m.createdBy ? await findMemberIdentity(db, m.createdBy) : null;
    found = {
      actor: who ?? (m.createdBy ? { id: m.createdBy, name: m.createdByName, email: '' } : null),
    };
  }
  if (executors.size > 1000) executors.clear();
  executors.set(m.id, found);
  return found;
}

/** The detail that says a change came from a bulk run, and from which row of its file. */
export const bulkRowDetail = (m: Pick<ManipulationRow, 'id'>, rowNumber: number) => ({
  bulk: { run: m.id, rowNumber },
});

/** A document as its 書類情報 events name it: the title, and its 管理番号 so the viewer's keyword finds it. */
export const documentAuditTarget = (d: { id: string; title: string; localId?: string | null }) => ({
  type: 'document' as const,
  id: d.id,
  name: d.localId ? `${d.title}（管理番号: ${d.localId}）` : d.title,
});

/** The 書類情報 a document's events show before → after (the detail page's save and the attribute CSV). */
export const DOCUMENT_ATTRIBUTE_AUDIT_FIELDS = [
  'attrTitle',
  'counterparty',
  'contractAt',
  'validityStartAt',
  'validityEndAt',
  'validityEndNoticeAt',
  'autoUpdate',
  'localId',
  'amount',
  'options',
] as const;

/** The events of one batch, every one by the run's executor, at one time. */
export function rowEvents(
  m: ManipulationRow,
  executor: RunExecutor,
  rows: Omit<AuditEventInput, 'companyId' | 'actor' | 'origin'>[],
): AuditEventInput[] {
  const occurredAt = new Date();
  return rows.map((r) => ({
    companyId: m.companyId,
    actor: executor.actor,
    origin: executor.origin,
    occurredAt,
    ...r,
  }));
}
