/**
 * Result and errors-only CSVs of a manipulation (docs/design.md §3 "Result"): the input columns as uploaded,
 * then 結果 and エラー. Streamed from the rows in keyset pages, so memory stays flat.
 */
import type { Readable } from 'node:stream';
import {
  BULK_ACTION_LABELS,
  BULK_ERROR_COLUMN,
  BULK_OUTCOME_LABELS,
  BULK_RESULT_COLUMN,
  BULK_ROW_NUMBER_COLUMN,
  type TBulkAction,
  type TCsvEncoding,
} from '@cloudsign/contract';
import type { DbOrTx } from '../db/client.ts';
import { createCsvWriter } from '../lib/csv/stringify.ts';
import { rowsAfter } from './bulk-rows.repository.ts';
import type { ManipulationRow } from './bulk.types.ts';

const PAGE = 1000;

type StoredRow = Awaited<ReturnType<typeof rowsAfter>>[number];

export function resultLabel(row: Pick<StoredRow, 'action' | 'outcome'>): string {
  const action = BULK_ACTION_LABELS[row.action as TBulkAction] ?? row.action;
  if (row.outcome === 'succeeded' || row.outcome === 'failed')
    return `${action}（${BULK_OUTCOME_LABELS[row.outcome]}）`;
  return action;
}

export function errorText(row: Pick<StoredRow, 'errors' | 'outcomeMessage'>): string {
  const parts = row.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message));
  if (row.outcomeMessage) parts.push(row.outcomeMessage);
  return parts.join(' / ');
}

export function inputHeaders(m: ManipulationRow): string[] {
  const h = m.params.headers;
  return Array.isArray(h)
    ? h.filter(
        (x): x is string =>
          typeof x === 'string' &&
          x !== BULK_RESULT_COLUMN &&
          x !== BULK_ERROR_COLUMN &&
          x !== BULK_ROW_NUMBER_COLUMN,
      )
    : [];
}

/**
 * `onlyErrors`: rows with check errors or a failed outcome, with their row numbers first so the admin can
 * find them in the original; the 行番号 column is ignored on re-upload.
 */
export function streamRowsCsv(
  db: DbOrTx,
  m: ManipulationRow,
  encoding: TCsvEncoding,
  onlyErrors: boolean,
): Readable {
  const headers = inputHeaders(m);
  const writer = createCsvWriter(encoding);
  const run = async () => {
    await writer.write([BULK_ROW_NUMBER_COLUMN, ...headers, BULK_RESULT_COLUMN, BULK_ERROR_COLUMN]);
    let after = 0;
    for (;;) {
      const rows = await rowsAfter(db, m.id, after, PAGE, onlyErrors);
      for (const r of rows)
        await writer.write([
          r.rowNumber,
          ...headers.map((h) => r.input[h] ?? ''),
          resultLabel(r),
          errorText(r),
        ]);
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]!.rowNumber;
    }
    writer.end();
  };
  run().catch((e: unknown) => writer.fail(e instanceof Error ? e : new Error(String(e))));
  return writer.output;
}
