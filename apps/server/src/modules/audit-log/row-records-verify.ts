/**
 * verify's check of bulk runs' row records (row-records.ts): each batch's rows, read in (event, position)
 * order, must digest to what its chained `bulk.rowsRecorded` event says, and every row must belong to such
 * an event. The chain walk proves the events; this proves their rows: a row removed, changed, added or moved
 * breaks its batch's digest.
 */
import type { DbOrTx } from '../../db/client.ts';
import { rowsDigest } from './row-records-digest.ts';
import { readRowRecordLines } from './row-records-read.ts';

/**
 * The first event (by number) whose rows do not match it, or null when every batch is whole. `batches`: the
 * chain walk's batch events (number → details text), every one up to `throughSeq`.
 */
export async function firstBrokenBatch(
  db: DbOrTx,
  companyId: string,
  throughSeq: number,
  batches: ReadonlyMap<number, string>,
  ordered = false,
): Promise<number | null> {
  const expected = new Map<number, { rows: number; sha256: string }>();
  for (const [seq, text] of batches) {
    const d = JSON.parse(text) as { rows?: unknown; sha256?: unknown };
    if (seq <= throughSeq) expected.set(seq, { rows: Number(d.rows), sha256: String(d.sha256) });
  }
  const broken: number[] = [];
  const seen = new Set<number>();
  type Batch = { seq: number; digest: ReturnType<typeof rowsDigest>; next: number };
  let current = null as Batch | null;
  const close = (b: Batch | null) => {
    if (!b) return;
    const want = expected.get(b.seq);
    if (!want || want.rows !== b.digest.rows || want.sha256 !== b.digest.hex()) broken.push(b.seq);
    seen.add(b.seq);
  };
  await readRowRecordLines(db, companyId, throughSeq, ordered, (eventSeq, position, line) => {
    if (current?.seq !== eventSeq) {
      close(current);
      current = { seq: eventSeq, digest: rowsDigest(), next: 1 };
    }
    // A gap in positions is a removed row; the digest would say so too, this names it sooner.
    if (position !== current.next) broken.push(eventSeq);
    current.next = position + 1;
    current.digest.addLine(line);
  });
  close(current);
  for (const [seq, want] of expected) if (!seen.has(seq) && want.rows > 0) broken.push(seq);
  return broken.length > 0 ? Math.min(...broken) : null;
}
