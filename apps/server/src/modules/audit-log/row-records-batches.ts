/**
 * Row records' lines gathered into their batches' digests (row-records-verify.ts compares them with the chain's
 * batch events). Kept free of the ORM: verify's worker thread (row-records-worker.ts) loads it.
 */
import { rowsDigest } from './row-records-digest.ts';

/** Each event's rows as read: how many, their digest, and whether a position was missing among them. */
export type BatchDigests = Map<number, { rows: number; sha256: string; hasGap: boolean }>;

/** Takes lines in (event, position) order; `digests()` once the last is in. */
export function batchDigester() {
  const digests: BatchDigests = new Map();
  type Batch = {
    seq: number;
    digest: ReturnType<typeof rowsDigest>;
    next: number;
    hasGap: boolean;
  };
  let current = null as Batch | null;
  const close = () => {
    if (current)
      digests.set(current.seq, {
        rows: current.digest.rows,
        sha256: current.digest.hex(),
        hasGap: current.hasGap,
      });
  };
  return {
    add: (eventSeq: number, position: number, line: string) => {
      if (current?.seq !== eventSeq) {
        close();
        current = { seq: eventSeq, digest: rowsDigest(), next: 1, hasGap: false };
      }
      // A gap in positions is a removed row; the digest would say so too, this names it sooner.
      if (position !== current.next) current.hasGap = true;
      current.next = position + 1;
      current.digest.addLine(line);
    },
    digests: (): BatchDigests => {
      close();
      current = null;
      return digests;
    },
  };
}
