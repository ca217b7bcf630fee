/**
 * verify's read of a company's row records (row-records-verify.ts): every row up to a chain number, in (event,
 * position) order, as the canonical line its batch's digest covers (row-records-digest.ts). On PostgreSQL one
 * `COPY … TO STDOUT` (row-records-copy.ts); PGlite (in this process) is read in keyset pages through the ORM.
 */
import pg from 'pg';
import type { DbOrTx } from '../../db/client.ts';
import { canonicalRow } from './row-records-digest.ts';
import { copyRows, type RowLineVisit, type SnapshotToTake } from './row-records-copy.ts';
import { findRowRecordPage } from './row-records.repository.ts';

export type { RowLineVisit, SnapshotToTake };

const PAGE = 5_000;

export async function readRowRecordLines(
  db: DbOrTx,
  companyId: string,
  throughSeq: number,
  ordered: boolean,
  visit: RowLineVisit,
  snapshot?: SnapshotToTake,
): Promise<void> {
  // drizzle's node-postgres handle carries its pool; PGlite's its own client (never given a snapshot).
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool)
    return copyRows(client, companyId, throughSeq, ordered, visit, snapshot);
  return pageRows(db, companyId, throughSeq, visit);
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
