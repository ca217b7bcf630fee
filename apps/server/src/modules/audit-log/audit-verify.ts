/**
 * The chain check behind `npm run audit:verify`, apart from the command so tests call it directly. Every
 * event's hash is recomputed here in Node (audit-hash.ts), the links and numbers walked in order, the head row
 * compared with the last event and, given one, the anchor taken earlier outside the database with the chain
 * as it is now (audit-anchor.ts).
 */
import type { Db } from '../../db/client.ts';
import type { ChainAnchor } from './audit-anchor.ts';
import {
  readChain,
  type ChainPruning,
  type ChainRead,
  type ChainVisit,
  type ShareSnapshot,
} from './audit-chain.repository.ts';
import { digestRowRecordsBeside } from './row-records-beside.ts';
import { OutOfOrder } from './in-order.ts';
import { digestRowRecords, firstBrokenBatch, type BatchDigests } from './row-records-verify.ts';

export type ChainBreak = {
  seq: number;
  reason: 'hash' | 'link' | 'gap' | 'head' | 'cut' | 'anchor' | 'rows';
};

const REASONS: Record<ChainBreak['reason'], string> = {
  hash: '内容が記録時から変わっています（ハッシュが一致しません）',
  link: '直前の記録とのつながりが切れています（前のハッシュが一致しません）',
  gap: 'この記録の直前の記録が削除されています（番号が飛んでいます）',
  head: '最後の記録が削除されています（チェーンの末尾が一致しません）',
  cut: 'この記録から先が削除されています（控えておいたチェーンの先頭より前でチェーンが終わっています）',
  anchor: '控えておいたチェーンの先頭と一致しません（この記録までが差し替えられています）',
  rows: 'この記録がまとめた一括処理の行の記録が、記録時から変わっています（行の削除・変更・追加）',
};

export type VerifyResult =
  { ok: true; events: number } | ({ ok: false; message: string } & ChainBreak);

export async function verifyChain(
  db: Db,
  companyId: string,
  anchor?: Pick<ChainAnchor, 'seq' | 'hash'>,
): Promise<VerifyResult> {
  // Read as the table lies first (the cheaper read); in number order when its rows are too far out of it.
  return check(db, companyId, anchor, false).catch((err: unknown) => {
    if (err instanceof OutOfOrder) return check(db, companyId, anchor, true);
    throw err;
  });
}

async function check(
  db: Db,
  companyId: string,
  anchor: Pick<ChainAnchor, 'seq' | 'hash'> | undefined,
  ordered: boolean,
): Promise<VerifyResult> {
  let broken: ChainBreak | null = null;
  let events = 0;
  let last: { seq: number; hash: string } | null = null;
  let anchored: string | null = null;
  let first: { seq: number; prevHash: string } | null = null;
  const batches = new Map<number, string>();
  const visit: ChainVisit = (seq, hash, prevHash, computed, batch) => {
    events++;
    if (batch !== undefined) batches.set(seq, batch);
    first ??= { seq, prevHash };
    // At one number an edit is named before a gap or a link; the first broken number is the one reported.
    if (!broken) {
      if (computed !== hash) broken = { seq, reason: 'hash' };
      else if (last && seq !== last.seq + 1) broken = { seq, reason: 'gap' };
      else if (last && prevHash !== last.hash) broken = { seq, reason: 'link' };
    }
    if (anchor && seq === anchor.seq) anchored = hash;
    last = { seq, hash };
  };
  const { head, prunings, digests } = await readChainAndRows(db, companyId, visit, ordered);
  const end = last as { seq: number; hash: string } | null;
  // The oldest events can be gone only by retention: the chain begins at 1, or where a pruning says it kept.
  const start = first as { seq: number; prevHash: string } | null;
  const walked = broken as ChainBreak | null;
  if (start && !startsWhole(start, prunings) && (!walked || walked.seq > start.seq))
    broken = { seq: start.seq, reason: 'gap' };
  broken ??=
    (head || end) && (head?.seq !== end?.seq || head?.hash !== end?.hash)
      ? { seq: head?.seq ?? end!.seq, reason: 'head' }
      : null;
  // Events before the anchor removed by retention leave nothing to compare at its number: only a chain that
  // ends before the anchor, or holds another event at its number, is a cut.
  if (!broken && anchor && (end?.seq ?? 0) < anchor.seq)
    broken = { seq: (end?.seq ?? 0) + 1, reason: 'cut' };
  if (!broken && anchor && anchored !== null && anchored !== anchor.hash)
    broken = { seq: anchor.seq, reason: 'anchor' };
  // The rows of bulk runs' batches, each proved by its chained event's digest.
  if (!broken && end) {
    const rows = digests ?? (await digestRowRecords(db, companyId, end.seq, ordered));
    const batch = firstBrokenBatch(rows, batches, end.seq);
    if (batch !== null) broken = { seq: batch, reason: 'rows' };
  }
  if (!broken) return { ok: true, events };
  const b: ChainBreak = broken;
  return { ok: false, ...b, message: `${b.seq}番目の記録: ${REASONS[b.reason]}` };
}

/**
 * The chain walk and, on PostgreSQL, the row records' digests made beside it: on a worker thread with its own
 * connection, in the walk's snapshot (so both see the same events and rows). Each keeps a core busy in Node,
 * so side by side they take the longer of the two instead of the sum. The embedded database has one connection
 * in this process: its rows are read after the walk (digests null).
 */
async function readChainAndRows(
  db: Db,
  companyId: string,
  visit: ChainVisit,
  ordered: boolean,
): Promise<ChainRead & { digests: BatchDigests | null }> {
  const beside: { rows?: Promise<BatchDigests> } = {};
  const share: ShareSnapshot = ({ snapshot, connectionString }) =>
    new Promise<void>((taken, failed) => {
      beside.rows = digestRowRecordsBeside(
        { connectionString, companyId, ordered, snapshot },
        taken,
      );
      beside.rows.catch(failed);
    });
  const chain = await readChain(db, companyId, visit, ordered, share).catch(
    async (err: unknown) => {
      // The read beside ends (and gives its connection back) before the walk's failure is passed on.
      await beside.rows?.catch(() => undefined);
      throw err;
    },
  );
  return { ...chain, digests: beside.rows ? await beside.rows : null };
}

/** A chain begins whole at 1 with no previous hash, or at the event a retention run recorded keeping. */
function startsWhole(first: { seq: number; prevHash: string }, prunings: ChainPruning[]) {
  if (first.seq === 1) return first.prevHash === '';
  return prunings.some((p) =>
    p.firstKept
      ? p.firstKept.seq === first.seq && p.firstKept.prevHash === first.prevHash
      : p.seq === first.seq,
  );
}
