/**
 * The chain's anchor: a company's head (number and hash of its newest event) written down outside the
 * database, in the viewer and at the end of every export. Whoever can rewrite the database can also cut the
 * newest events and move the head back into a chain that verifies; an anchor taken earlier cannot be moved,
 * so `audit:verify --anchor` finds the cut (audit-verify.ts).
 */
import { createReadStream } from 'node:fs';

export type ChainAnchor = { companyId: string; seq: number; hash: string };

/** `<companyId>:<seq>:<hash>`, ASCII, so it reads the same in a Shift_JIS and a UTF-8 export. */
export const formatAnchor = (a: ChainAnchor) => `${a.companyId}:${a.seq}:${a.hash}`;

const ANCHOR =
  /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([1-9][0-9]{0,18}):([0-9a-f]{64})/gi;

const anchorOf = (m: RegExpExecArray): ChainAnchor => ({
  companyId: m[1]!.toLowerCase(),
  seq: Number(m[2]),
  hash: m[3]!.toLowerCase(),
});

/** Every anchor written in a text (an export's last line, a file of anchors kept by hand), in order. */
export function findAnchors(text: string): ChainAnchor[] {
  return [...text.matchAll(ANCHOR)].map(anchorOf);
}

/** One anchor given as an argument, exactly; null when it is not one. */
export function parseAnchor(text: string): ChainAnchor | null {
  const found = findAnchors(text);
  return found.length === 1 && formatAnchor(found[0]!) === text.trim().toLowerCase()
    ? found[0]!
    : null;
}

/** The longest anchor's length: a chunk's last characters are read again with the next chunk. */
const ANCHOR_MAX = 36 + 1 + 19 + 1 + 64;
/** An anchor starting exactly where `lastIndex` says: its first colon follows the 36 characters of the id. */
const ANCHOR_AT = new RegExp(ANCHOR.source, 'iy');

/**
 * The last anchor written in a file (of `companyId` when given): an export ends with its anchor, a file of
 * anchors kept by hand holds the newest last. Read a chunk at a time: an export of millions of events is
 * larger than one string can hold. Only where a colon stands is an anchor tried (a search at every character
 * took 25 s for 600 MB, this 2 s). latin1: an anchor is ASCII, the file may be Shift_JIS or UTF-8.
 */
export async function lastAnchorInFile(
  path: string,
  companyId?: string,
): Promise<ChainAnchor | null> {
  const company = companyId?.toLowerCase();
  let last: ChainAnchor | null = null;
  let carry = '';
  const chunks = createReadStream(path, { encoding: 'latin1', highWaterMark: 1 << 20 });
  for await (const chunk of chunks as AsyncIterable<string>) {
    const text = carry + chunk;
    let end = 0;
    for (let at = text.indexOf(':', 36); at !== -1; at = text.indexOf(':', at + 1)) {
      ANCHOR_AT.lastIndex = at - 36;
      const m = ANCHOR_AT.exec(text);
      if (!m) continue;
      const a = anchorOf(m);
      if (!company || a.companyId === company) last = a;
      end = ANCHOR_AT.lastIndex;
      at = end - 1;
    }
    // An anchor cut by the chunk's end is read whole with the next one; one found is not read twice.
    carry = text.slice(Math.max(end, text.length - ANCHOR_MAX));
  }
  return last;
}
