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
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, sorted(o[k])]),
    );
  }
  return v;
}

export const canonicalRow = (r: RowRecordCanonical) =>
  JSON.stringify([
    r.position,
    r.occurredAt.toISOString(),
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

/** Digests rows fed in position order. */
export function rowsDigest() {
  const hash = createHash('sha256');
  let rows = 0;
  return {
    add(r: RowRecordCanonical) {
      hash.update(canonicalRow(r));
      hash.update('\n');
      rows++;
    },
    get rows() {
      return rows;
    },
    hex: () => hash.digest('hex'),
  };
}
