/**
 * verify's check of bulk runs' row records (row-records.ts): each batch's rows, read in (event, position)
 * order, must digest to what its chained `bulk.rowsRecorded` event says, and every row must belong to such
 * an event. The chain walk proves the events; this proves their rows: a row removed, changed, added or moved
 * breaks its batch's digest.
 */
import type { DbOrTx } from '../../db/client.ts';
import { rowsDigest } from './row-records-digest.ts';
import { findBatchEvents, findRowRecordPage } from './row-records.repository.ts';

const PAGE = 5_000;

/** The first event (by number) whose rows do not match it, or null when every batch is whole. */
export async function firstBrokenBatch(
  db: DbOrTx,
  companyId: string,
  throughSeq: number,
): Promise<number | null> {
  const expected = new Map<number, { rows: number; sha256: string }>();
  for (const e of await findBatchEvents(db, companyId)) {
    const d = e.details as { rows?: unknown; sha256?: unknown };
    if (e.seq <= throughSeq)
      expected.set(e.seq, { rows: Number(d.rows), sha256: String(d.sha256) });
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
  let after: { eventSeq: number; position: number } | undefined;
  for (;;) {
    const page = await findRowRecordPage(db, companyId, PAGE, after, throughSeq);
    for (const r of page) {
      if (current?.seq !== r.eventSeq) {
        close(current);
        current = { seq: r.eventSeq, digest: rowsDigest(), next: 1 };
      }
      // A gap in positions is a removed row; the digest would say so too, this names it sooner.
      if (r.position !== current.next) broken.push(r.eventSeq);
      current.next = r.position + 1;
      current.digest.add(r);
    }
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = { eventSeq: last.eventSeq, position: last.position };
  }
  close(current);
  for (const [seq, want] of expected) if (!seen.has(seq) && want.rows > 0) broken.push(seq);
  return broken.length > 0 ? Math.min(...broken) : null;
}
