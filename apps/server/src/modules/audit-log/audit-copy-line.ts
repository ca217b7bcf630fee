/**
 * One line of `COPY … TO STDOUT` (text format) of the chain's columns, turned into what verify compares.
 * At ten million events the read must stay within twice a COPY of the table, so a version 2 line with no
 * escape in it (nearly every line) is hashed from its own bytes: the tabs between the columns become the
 * formula's U+001F and the free-text columns' byte lengths are the distances between tabs, no text decoded.
 * Any other line is split and decoded to strings (COPY's escapes) and goes through audit-hash.ts.
 */
import { hash } from 'node:crypto';
import { CHAIN_FIELDS, COL, FREE_TEXT } from './audit-hash.ts';

const TAB = 9;
const BACKSLASH = 0x5c;
const UNIT_SEPARATOR = 0x1f;
const tabs = new Int32Array(CHAIN_FIELDS - 1);
let scratch = Buffer.allocUnsafe(4096);

export type CopiedEvent = { seq: number; hash: string; prevHash: string; computed: string | null };

/** The fast path: null when the line holds an escape or is not version 2 (the caller decodes it instead). */
export function hashCopyLine(buf: Buffer, start: number, end: number): CopiedEvent | null {
  const line = buf.subarray(start, end);
  if (line.indexOf(BACKSLASH) !== -1) return null;
  let at = 0;
  for (let i = 0; i < tabs.length; i++) {
    at = line.indexOf(TAB, at);
    if (at === -1) return null;
    tabs[i] = at++;
  }
  if (line.indexOf(TAB, at) !== -1) return null;
  // hash_version is the second column: exactly "2".
  if (tabs[1]! - tabs[0]! !== 2 || line[tabs[0]! + 1] !== 0x32) return null;
  const from = tabs[COL.prevHash - 1]! + 1;
  const size = line.length - from;
  if (scratch.length < size + 128) scratch = Buffer.allocUnsafe(2 * (size + 128));
  line.copy(scratch, 0, from);
  for (let i = COL.prevHash; i < tabs.length; i++) scratch[tabs[i]! - from] = UNIT_SEPARATOR;
  let n = size;
  for (let i = FREE_TEXT.first; i <= FREE_TEXT.last; i++) {
    scratch[n++] = UNIT_SEPARATOR;
    n = writeDecimal(scratch, n, tabs[i]! - tabs[i - 1]! - 1);
  }
  return {
    seq: Number(line.toString('latin1', tabs[COL.seq - 1]! + 1, tabs[COL.seq])),
    hash: line.toString('latin1', 0, tabs[0]),
    prevHash: line.toString('latin1', from, tabs[COL.prevHash]),
    computed: hash('sha256', scratch.subarray(0, n), 'hex'),
  };
}

/** A length's decimal digits, byte by byte: Buffer#write of a short string costs more than the hash. */
function writeDecimal(buf: Buffer, at: number, value: number): number {
  let unit = 1;
  while (unit * 10 <= value) unit *= 10;
  for (; unit >= 1; unit = Math.floor(unit / 10))
    buf[at++] = 0x30 + (Math.floor(value / unit) % 10);
  return at;
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * A column of a line decoded from COPY's text format. COPY TO writes a backslash before b f n r t v (those
 * control characters) and before a backslash; every other character as it is. (NULL, `\N`, is the caller's.)
 */
export const copyField = (col: string) =>
  col.includes('\\') ? col.replace(/\\(.)/gs, (_, ch: string) => ESCAPES[ch] ?? ch) : col;

/** A line split at its tabs, each column decoded. */
export function splitCopyLine(line: string): string[] {
  return line.split('\t').map(copyField);
}
