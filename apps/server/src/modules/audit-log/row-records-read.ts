/**
 * verify's read of a company's row records (row-records-verify.ts): every row up to a chain number, in (event,
 * position) order, as the canonical line its batch's digest covers (row-records-digest.ts). On PostgreSQL one
 * `COPY … TO STDOUT` (pages through the ORM made a row object, a Date and a round trip per 5,000 rows: most of
 * verify's time at ten million events); each column is turned into the value the ORM would have read (the
 * same parsers: the text of the time through the column's own mapping, jsonb through JSON.parse), so the line
 * is the one the writer digested. PGlite (in this process) is read in keyset pages.
 */
import pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';
import { auditRowRecords } from '../../db/schema.ts';
import { copyField } from './audit-copy-line.ts';
import { forEachCopyLine } from './copy-lines.ts';
import { inOrder, WINDOW } from './in-order.ts';
import { canonicalRow } from './row-records-digest.ts';
import { findRowRecordPage } from './row-records.repository.ts';

export type RowLineVisit = (eventSeq: number, position: number, line: string) => void;

const PAGE = 5_000;
const COLUMNS = 12;

export async function readRowRecordLines(
  db: DbOrTx,
  companyId: string,
  throughSeq: number,
  ordered: boolean,
  visit: RowLineVisit,
): Promise<void> {
  // drizzle's node-postgres handle carries its pool; PGlite's its own client.
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return copyRows(client, companyId, throughSeq, ordered, visit);
  return pageRows(db, companyId, throughSeq, visit);
}

async function copyRows(
  pool: pg.Pool,
  companyId: string,
  throughSeq: number,
  ordered: boolean,
  visit: RowLineVisit,
): Promise<void> {
  const client = await pool.connect();
  let failed = false;
  try {
    // See audit-chain.repository.ts: a sequential scan from the table's first page.
    await client.query('begin isolation level repeatable read read only');
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
          time = auditRowRecords.occurredAt.mapFromDriverValue(timeText) as Date;
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

async function pageRows(
  db: DbOrTx,
  companyId: string,
  throughSeq: number,
  visit: RowLineVisit,
): Promise<void> {
  let after: { eventSeq: number; position: number } | undefined;
  for (;;) {
    const page = await findRowRecordPage(db, companyId, PAGE, after, throughSeq);
    for (const r of page) visit(r.eventSeq, r.position, canonicalRow(r));
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = { eventSeq: last.eventSeq, position: last.position };
  }
}
