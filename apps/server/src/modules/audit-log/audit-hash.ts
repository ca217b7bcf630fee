/**
 * The event hash of both versions, computed here in Node and not by the database: audit:verify must not ask
 * the database to vouch for itself (whoever can replace `audit_event_hash_of` could make it agree with any
 * edit). The formulas are the documented ones of migrations 0025 (version 1) and 0031 (version 2); a test
 * checks this file against the database's function on both databases, with awkward text.
 *
 * An event arrives as the text of the columns in CHAIN_COLUMNS' order (the order version 2 joins them in).
 */
import { hash } from 'node:crypto';

/** Column indexes of a row read by the chain reader (audit-chain.repository.ts). */
export const COL = {
  hash: 0,
  version: 1,
  prevHash: 2,
  seq: 5,
  time: 6,
  actorId: 7,
  action: 13,
  category: 14,
  details: 18,
};
/** The first and last free-text column (actor_name … target_name): version 2 ends with their byte lengths. */
export const FREE_TEXT = { first: 8, last: 17 } as const;
export const CHAIN_FIELDS = 19;

const SEP = '\x1f';
/** timestamptz's binary form counts microseconds from 2000-01-01; version 1 took them from 1970. */
const EPOCH_2000_US = 946_684_800_000_000n;

/** The time column (timestamptz_send in hex) as microseconds since 1970. */
export function epochMicros(timeHex: string): bigint {
  return BigInt.asIntN(64, BigInt(`0x${timeHex}`)) + EPOCH_2000_US;
}

/**
 * Version 2: `prev_hash ␟ id ␟ company_id ␟ seq ␟ hex(timestamptz_send(occurred_at)) ␟ actor_id or '' ␟
 * actor_name … target_name ␟ details (jsonb text) ␟ the byte length of each of actor_name … target_name`,
 * SHA-256 of its UTF-8, in hex.
 */
export function hashV2(f: readonly string[]): string {
  let text = f.slice(COL.prevHash).join(SEP);
  for (let i = FREE_TEXT.first; i <= FREE_TEXT.last; i++)
    text += SEP + Buffer.byteLength(f[i]!, 'utf8');
  return hash('sha256', text, 'hex');
}

/**
 * Version 1: `prev_hash` followed by the text of the jsonb array [id, company_id, seq, epoch microseconds,
 * actor_id or null, actor_name … target_name, details]. jsonb prints an array as `[a, b]` and escapes strings
 * as JSON.stringify does (the same short escapes, `\u00xx` below U+0020, everything else as is); details is
 * already jsonb's own text.
 */
export function hashV1(f: readonly string[]): string {
  const q = (i: number) => JSON.stringify(f[i]);
  const items = [
    q(3),
    q(4),
    f[COL.seq],
    String(epochMicros(f[COL.time]!)),
    f[COL.actorId] ? q(COL.actorId) : 'null',
  ];
  for (let i = FREE_TEXT.first; i <= FREE_TEXT.last; i++) items.push(q(i));
  items.push(f[COL.details]);
  return hash('sha256', `${f[COL.prevHash]}[${items.join(', ')}]`, 'hex');
}

/** The hash an event's columns call for; null for a version no formula is known for. */
export function eventHash(f: readonly string[]): string | null {
  if (f[COL.version] === '2') return hashV2(f);
  if (f[COL.version] === '1') return hashV1(f);
  return null;
}
