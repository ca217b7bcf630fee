/**
 * The digest a batch's `bulk.rowsRecorded` event carries over its row records (issue 33): SHA-256 (node:crypto)
 * of each row's canonical form, one line per row in position order. The chain proves the event, the event's
 * digest proves its rows: verify recomputes it from the rows as stored, so a row removed, changed, added or
 * moved to another batch breaks it. The form is the row's columns as values read back from the database
 * (jsonb keeps values, not key order or spacing: keys are sorted here).
 */
import { createHash } from 'node:crypto';

export type RowRecordCanonical = {
  position: number;
  occurredAt: Date;
  actorId: string | null;
  action: string;
  category: string;
  targetType: string;
  targetId: string;
  targetName: string;
  nameKey: string;
  identKey: string;
  details: unknown;
};

/** JSON with every object's keys in code-point order: the same text for the same values, however stored. */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o).sort()) out[k] = sorted(o[k]);
    return out;
  }
  return v;
}

/** A batch's rows share one time: its text is made once, not once per row. */
let lastTime: { at: Date; ms: number; iso: string } | undefined;
const iso = (d: Date) => {
  if (lastTime?.at !== d || lastTime.ms !== d.getTime())
    lastTime = { at: d, ms: d.getTime(), iso: d.toISOString() };
  return lastTime.iso;
};

/**
 * A row's canonical form: a JSON array of its columns in this order (the writer sends these very lines as the
 * rows' parameter, row-records.repository.ts, so the rows are serialised once).
 */
export const canonicalRow = (r: RowRecordCanonical) =>
  JSON.stringify([
    r.position,
    iso(r.occurredAt),
    r.actorId,
    r.action,
    r.category,
    r.targetType,
    r.targetId,
    r.targetName,
    r.nameKey,
    r.identKey,
    sorted(r.details),
  ]);

/**
 * Digests rows fed in position order. Lines are handed to the hash a thousand at a time: a call into
 * node:crypto per line (and per newline) cost verify more than the hashing itself at millions of rows.
 */
export function rowsDigest() {
  const hash = createHash('sha256');
  const pending: string[] = [];
  let rows = 0;
  const flush = () => {
    if (pending.length === 0) return;
    hash.update(`${pending.join('\n')}\n`);
    pending.length = 0;
  };
  /** A row already in its canonical form (canonicalRow). */
  const addLine = (line: string) => {
    pending.push(line);
    rows++;
    if (pending.length >= 1_000) flush();
  };
  return {
    add: (r: RowRecordCanonical) => addLine(canonicalRow(r)),
    addLine,
    get rows() {
      return rows;
    },
    hex: () => {
      flush();
      return hash.digest('hex');
    },
  };
}
