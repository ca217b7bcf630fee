/**
 * A bulk batch's per-row records (issue 33, docs/decisions.md "Bulk runs' rows beside the chain"): one chained
 * `bulk.rowsRecorded` event naming the run, with the SHA-256 of the rows' canonical form, and the rows in
 * `audit_row_records` linked to it, both in the batch's transaction. The chain is extended once per batch, not
 * once per row (its trigger locked, hashed and moved the head for each: most of a bulk run's recording cost),
 * and the rows are searched by their exact identifiers in their own indexes, not among millions of events.
 */
import { AUDIT_ACTIONS } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { toRow, type AuditEventInput } from './audit-log.record.ts';
import { canonicalRow, rowsDigest } from './row-records-digest.ts';
import { rowSearchKeys } from './row-search-keys.ts';
import { insertBatchEvent, insertRowRecords } from './row-records.repository.ts';

/**
 * Records the events of one batch (every one by the run's executor, at one time: `rowEvents`) as row records
 * vouched for by one chained event.
 */
export async function recordRowRecords(
  tx: DbOrTx,
  events: readonly AuditEventInput[],
): Promise<void> {
  const first = events[0];
  if (!first) return;
  const occurredAt = first.occurredAt ?? new Date();
  // jsonb keeps milliseconds as written; the digest is of the time as stored and read back.
  const actorId = first.actor?.id ?? null;
  const digest = rowsDigest();
  // Each row is serialised once: its canonical line is both what the digest covers and the statement's
  // parameter (serialising the rows a second time for the statement cost as much as the digest's hashing).
  const lines = events.map((e, i) => {
    const target = e.target ?? { type: '', id: '', name: '' };
    const { nameKey, identKey } = rowSearchKeys(target);
    const details = e.origin?.source
      ? { ...e.details, source: e.origin.source }
      : (e.details ?? {});
    const line = canonicalRow({
      position: i + 1,
      occurredAt,
      actorId,
      action: e.action,
      category: AUDIT_ACTIONS[e.action].category,
      targetType: target.type,
      targetId: target.id,
      targetName: target.name,
      nameKey,
      identKey,
      details,
    });
    digest.addLine(line);
    return line;
  });
  const run = (first.details?.bulk as { run?: string } | undefined)?.run ?? '';
  const eventSeq = await insertBatchEvent(
    tx,
    toRow({
      companyId: first.companyId,
      actor: first.actor,
      origin: first.origin,
      occurredAt,
      action: 'bulk.rowsRecorded',
      target: { type: 'bulkRun', id: run, name: '' },
      details: { rows: lines.length, sha256: digest.hex() },
    }),
  );
  await insertRowRecords(tx, { companyId: first.companyId, eventSeq, occurredAt, actorId }, lines);
}
