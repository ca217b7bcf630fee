/**
 * verify's check of bulk runs' row records (row-records.ts): each batch's rows, read in (event, position)
 * order, must digest to what its chained `bulk.rowsRecorded` event says, and every row must belong to such
 * an event. The chain walk proves the events; this proves their rows: a row removed, changed, added or moved
 * breaks its batch's digest. The rows are digested apart from the walk (on PostgreSQL beside it, in its
 * snapshot), and the digests compared with the walk's batch events once both are done.
 */
import type { DbOrTx } from '../../db/client.ts';
import { batchDigester, type BatchDigests } from './row-records-batches.ts';
import { readRowRecordLines } from './row-records-read.ts';

export type { BatchDigests };

/** The digests of a company's row records up to `throughSeq`, by the number of the event they belong to. */
export async function digestRowRecords(
  db: DbOrTx,
  companyId: string,
  throughSeq: number,
  ordered = false,
): Promise<BatchDigests> {
  const batches = batchDigester();
  await readRowRecordLines(db, companyId, throughSeq, ordered, batches.add);
  return batches.digests();
}

/**
 * The first event (by number, up to `throughSeq`) whose rows do not match it, or null when every batch is
 * whole. `batches`: the chain walk's batch events (number → details text).
 */
export function firstBrokenBatch(
  digests: BatchDigests,
  batches: ReadonlyMap<number, string>,
  throughSeq: number,
): number | null {
  const broken: number[] = [];
  const expected = new Map<number, { rows: number; sha256: string }>();
  for (const [seq, text] of batches) {
    const d = JSON.parse(text) as { rows?: unknown; sha256?: unknown };
    if (seq <= throughSeq) expected.set(seq, { rows: Number(d.rows), sha256: String(d.sha256) });
  }
  for (const [seq, got] of digests) {
    if (seq > throughSeq) continue;
    const want = expected.get(seq);
    if (got.hasGap || !want || want.rows !== got.rows || want.sha256 !== got.sha256)
      broken.push(seq);
  }
  for (const [seq, want] of expected) if (!digests.has(seq) && want.rows > 0) broken.push(seq);
  return broken.length > 0 ? Math.min(...broken) : null;
}
