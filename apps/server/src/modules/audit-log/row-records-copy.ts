/**
 * The row records read by one `COPY … TO STDOUT` on PostgreSQL (row-records-read.ts; pages through the ORM made a
 * row object, a Date and a round trip per 5,000 rows: most of verify's time at ten million events). Each column
 * is turned into the value the ORM would have read (the time as its timestamp column maps it, jsonb through
 * JSON.parse), so the line is the one the writer digested. No ORM here: verify's worker thread
 * (row-records-worker.ts) loads this file, and loading the ORM cost it about 0.4 s of a core.
 */
import type pg from 'pg';
import { copyField } from './audit-copy-line.ts';
import { forEachCopyLine } from './copy-lines.ts';
import { inOrder, WINDOW } from './in-order.ts';
import { canonicalRow } from './row-records-digest.ts';

export type RowLineVisit = (eventSeq: number, position: number, line: string) => void;
/** Another transaction's exported snapshot to read in, and the call made once this read has taken it. */
export type SnapshotToTake = { id: string; taken: () => void };

const COLUMNS = 12;

/**
 * A `timestamptz`'s text as the ORM's timestamp column (`mode: 'date'`, with time zone) maps it: `new Date` of
 * the text; row-records-copy.test.ts holds the two equal.
 */
export const timestamptzFromText = (text: string): Date => new Date(text);

export async function copyRows(
  pool: pg.Pool,
  companyId: string,
  throughSeq: number,
  ordered: boolean,
  visit: RowLineVisit,
  snapshot: SnapshotToTake | undefined,
): Promise<void> {
  const client = await pool.connect();
  let failed = false;
  try {
    // See audit-chain.repository.ts: a sequential scan from the table's first page.
    await client.query('begin isolation level repeatable read read only');
    if (snapshot) {
      await client.query(`set transaction snapshot ${client.escapeLiteral(snapshot.id)}`);
      snapshot.taken();
    }
    await client.query('set local synchronize_seqscans = off');
    type Row = { eventSeq: number; position: number; line: string };
    const rows = inOrder<Row>(
      (a, b) => a.eventSeq < b.eventSeq || (a.eventSeq === b.eventSeq && a.position < b.position),
      (r) => visit(r.eventSeq, r.position, r.line),
      ordered ? 0 : WINDOW,
    );
    const company = client.escapeLiteral(companyId);
    // A batch's rows share one time: its Date is made once (canonicalRow caches its text by the Date).
    let timeText = '';
    let time = new Date(0);
    await forEachCopyLine(
      client,
      `select r.event_seq, r.position, r.occurred_at, r.actor_id, r.action, r.category, r.target_type,
         r.target_id, r.target_name, r.name_key, r.ident_key, r.details
       from audit_row_records r where r.company_id = ${company} and r.event_seq <= ${Math.trunc(throughSeq)}
       ${ordered ? 'order by r.event_seq, r.position' : ''}`,
      (buf, start, end) => {
        const f = buf.toString('utf8', start, end).split('\t');
        if (f.length !== COLUMNS) throw new Error(`row record line of ${f.length} columns`);
        if (f[2] !== timeText) {
          timeText = f[2]!;
          time = timestamptzFromText(timeText);
        }
        const eventSeq = Number(f[0]);
        const position = Number(f[1]);
        rows.push({
          eventSeq,
          position,
          line: canonicalRow({
            position,
            occurredAt: time,
            actorId: f[3] === '\\N' ? null : f[3]!,
            action: copyField(f[4]!),
            category: copyField(f[5]!),
            targetType: copyField(f[6]!),
            targetId: copyField(f[7]!),
            targetName: copyField(f[8]!),
            nameKey: copyField(f[9]!),
            identKey: copyField(f[10]!),
            details: JSON.parse(copyField(f[11]!)) as unknown,
          }),
        });
      },
    );
    rows.end();
    await client.query('commit');
  } catch (err) {
    // Left in the middle of a COPY, the connection is closed rather than returned to the pool.
    failed = true;
    throw err;
  } finally {
    client.release(failed);
  }
}
