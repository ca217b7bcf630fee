/**
 * The chain's anchor: a company's head (number and hash of its newest event) written down outside the
 * database, in the viewer and at the end of every export. Whoever can rewrite the database can also cut the
 * newest events and move the head back into a chain that verifies; an anchor taken earlier cannot be moved,
 * so `audit:verify --anchor` finds the cut (audit-verify.ts).
 */
export type ChainAnchor = { companyId: string; seq: number; hash: string };

/** `<companyId>:<seq>:<hash>`, ASCII, so it reads the same in a Shift_JIS and a UTF-8 export. */
export const formatAnchor = (a: ChainAnchor) => `${a.companyId}:${a.seq}:${a.hash}`;

const ANCHOR =
  /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([1-9][0-9]{0,18}):([0-9a-f]{64})/gi;

/** Every anchor written in a text (an export's last line, a file of anchors kept by hand), in order. */
export function findAnchors(text: string): ChainAnchor[] {
  return [...text.matchAll(ANCHOR)].map((m) => ({
    companyId: m[1]!.toLowerCase(),
    seq: Number(m[2]),
    hash: m[3]!.toLowerCase(),
  }));
}

/** One anchor given as an argument, exactly; null when it is not one. */
export function parseAnchor(text: string): ChainAnchor | null {
  const found = findAnchors(text);
  return found.length === 1 && formatAnchor(found[0]!) === text.trim().toLowerCase()
    ? found[0]!
    : null;
}
