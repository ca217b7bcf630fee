/**
 * audit:verify's read of a company's chain: every event's columns as text in number order, and the head row,
 * in one repeatable-read snapshot (a writer adding events meanwhile is neither a gap nor a moved head). On
 * PostgreSQL the rows come by `COPY … TO STDOUT` (the cheapest way out of the server) and their hashes are
 * computed straight from the copied bytes; PGlite (in this process) is read in keyset pages. The hashes are
 * computed here, never by the database's function (audit-hash.ts says why).
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { COL, eventHash } from './audit-hash.ts';
import { hashCopyLine, splitCopyLine, type CopiedEvent } from './audit-copy-line.ts';
import { inOrder, WINDOW } from './in-order.ts';
import { forEachCopyLine } from './copy-lines.ts';

/**
 * One event as the walk sees it: its hash as stored, and the hash its columns call for (null: unknown version);
 * for a bulk batch's event (`bulk.rowsRecorded`), its details' text, which vouch for the batch's row records
 * (row-records-verify.ts): read here, in the walk's snapshot, rather than by a second read of the table.
 */
export type ChainVisit = (
  seq: number,
  hash: string,
  prevHash: string,
  computed: string | null,
  batch: string | undefined,
) => void;
export type ChainHead = { seq: number; hash: string } | null;
/**
 * What each retention run recorded (`auditLog.pruned`): its own number and the first event it kept, with that
 * event's stored previous hash (null when it deleted every event). A chain may begin after 1 only there.
 */
export type ChainPruning = { seq: number; firstKept: { seq: number; prevHash: string } | null };
export type ChainRead = { head: ChainHead; prunings: ChainPruning[] };

/** The category index finds them; read in the walk's snapshot. */
const prunings = (companyId: string) =>
  sql`select seq, details -> 'firstKept' as first_kept from audit_events
    where company_id = ${companyId} and category = 'auditLog' and action = 'auditLog.pruned'`;
type PruningRow = { seq: string | number; first_kept: { seq: number; prevHash: string } | null };
const pruningOf = (r: PruningRow): ChainPruning => ({
  seq: Number(r.seq),
  firstKept: r.first_kept
    ? { seq: Number(r.first_kept.seq), prevHash: r.first_kept.prevHash }
    : null,
});

/**
 * The columns in audit-hash.ts' order. Built-ins are qualified: a function of the same name elsewhere on the
 * search path cannot stand in for them.
 */
const COLUMNS = [
  'e.hash',
  'e.hash_version',
  'e.prev_hash',
  'e.id',
  'e.company_id',
  'e.seq',
  "pg_catalog.encode(pg_catalog.timestamptz_send(e.occurred_at), 'hex')",
  "coalesce(e.actor_id::text, '')",
  'e.actor_name',
  'e.actor_email',
  'e.ip',
  'e.user_agent',
  'e.request_id',
  'e.action',
  'e.category',
  'e.target_type',
  'e.target_id',
  'e.target_name',
  'e.details',
];
/** Named columns for a page read as objects (unnamed ones would share a name). */
const NAMED = sql.raw(COLUMNS.map((c, i) => `(${c})::text as c${i}`).join(', '));
const PAGE = 5000;

/**
 * `ordered`: read in number order. Otherwise (PostgreSQL) the table is read in its physical order and put in
 * number order within a window (in-order.ts), which throws OutOfOrder when it cannot: the caller reads again
 * ordered, so the visits are in number order either way.
 */
/**
 * Hands the walk's snapshot (pg_export_snapshot) and its database to a read made beside it on another
 * connection; resolves once that read has taken it, which the walk waits for before it ends (the snapshot ends
 * with its transaction).
 */
export type ShareSnapshot = (shared: {
  snapshot: string;
  connectionString: string;
}) => Promise<void>;

export async function readChain(
  db: Db,
  companyId: string,
  visit: ChainVisit,
  ordered = false,
  share?: ShareSnapshot,
): Promise<ChainRead> {
  // drizzle's node-postgres handle carries its pool; PGlite's its own client (one connection: nothing beside).
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return copyChain(client, companyId, visit, ordered, share);
  return pageChain(db, companyId, visit);
}

async function copyChain(
  pool: pg.Pool,
  companyId: string,
  visit: ChainVisit,
  ordered: boolean,
  share: ShareSnapshot | undefined,
): Promise<ChainRead> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    // A sequential scan may join one already running on the table midway (synchronize_seqscans), so its rows
    // would begin far out of order: this one starts at the table's first page.
    await client.query('set local synchronize_seqscans = off');
    let shared: Promise<void> = Promise.resolve();
    const { connectionString } = pool.options;
    if (share && connectionString) {
      const { rows } = await client.query<{ id: string }>(
        'select pg_catalog.pg_export_snapshot() as id',
      );
      shared = share({ snapshot: rows[0]!.id, connectionString });
      // Awaited below, before the commit; a failure meanwhile is not left unhandled.
      shared.catch(() => undefined);
    }
    const company = client.escapeLiteral(companyId);
    const events = inOrder<CopiedEvent & { batch?: string }>(
      (a, b) => a.seq < b.seq,
      (e) => visit(e.seq, e.hash, e.prevHash, e.computed, e.batch),
      ordered ? 0 : WINDOW,
    );
    await forEachCopyLine(
      client,
      `select ${COLUMNS.join(', ')} from audit_events e where e.company_id = ${company}${ordered ? ' order by e.seq' : ''}`,
      (buf, start, end) => events.push(copiedEvent(buf, start, end)),
    );
    events.end();
    const head = await client.query<{ seq: string; hash: string }>(
      'select seq, hash from audit_chain_heads where company_id = $1',
      [companyId],
    );
    const pruned = new PgDialect().sqlToQuery(prunings(companyId));
    const pruneRows = await client.query<PruningRow>(pruned.sql, pruned.params);
    await shared;
    await client.query('commit');
    const h = head.rows[0];
    return {
      head: h ? { seq: Number(h.seq), hash: h.hash } : null,
      prunings: pruneRows.rows.map(pruningOf),
    };
  } catch (err) {
    // Left in the middle of a COPY, the connection is closed rather than returned to the pool.
    failed = true;
    throw err;
  } finally {
    client.release(failed);
  }
}

const BATCH_ACTION = 'bulk.rowsRecorded';
const BATCH_CATEGORY = 'bulk';
/** The bytes a batch event's line holds between its action and category columns (tabs are never in a value). */
const BATCH_MARK = Buffer.from(`\t${BATCH_ACTION}\t${BATCH_CATEGORY}\t`);

function copiedEvent(buf: Buffer, start: number, end: number): CopiedEvent & { batch?: string } {
  const line = buf.subarray(start, end);
  const fast = line.indexOf(BATCH_MARK) === -1 && hashCopyLine(buf, start, end);
  if (fast) return fast;
  return eventOf(splitCopyLine(line.toString('utf8')));
}

/** An event from its columns as text (audit-hash.ts' order). */
function eventOf(f: readonly string[]): CopiedEvent & { batch?: string } {
  return {
    seq: Number(f[COL.seq]),
    hash: f[COL.hash]!,
    prevHash: f[COL.prevHash]!,
    computed: eventHash(f),
    batch:
      f[COL.action] === BATCH_ACTION && f[COL.category] === BATCH_CATEGORY
        ? f[COL.details]
        : undefined,
  };
}

async function pageChain(db: Db, companyId: string, visit: ChainVisit): Promise<ChainRead> {
  return db.transaction(
    async (tx) => {
      let after = 0;
      for (;;) {
        const rows = await queryRows<Record<string, string>>(
          tx,
          sql`select ${NAMED} from audit_events e
            where e.company_id = ${companyId} and e.seq > ${after} order by e.seq limit ${PAGE}`,
        );
        for (const row of rows) {
          const e = eventOf(COLUMNS.map((_, i) => row[`c${i}`]!));
          visit(e.seq, e.hash, e.prevHash, e.computed, e.batch);
        }
        if (rows.length < PAGE) break;
        after = Number(rows.at(-1)![`c${COL.seq}`]);
      }
      const [h] = await queryRows<{ seq: string; hash: string }>(
        tx,
        sql`select seq, hash from audit_chain_heads where company_id = ${companyId}`,
      );
      const pruneRows = await queryRows<PruningRow>(tx, prunings(companyId));
      return {
        head: h ? { seq: Number(h.seq), hash: h.hash } : null,
        prunings: pruneRows.map(pruningOf),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
