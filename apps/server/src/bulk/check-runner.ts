/**
 * The check job of every bulk upload (docs/design.md §3): file → headers → rows, stored batch by batch, then
 * Ready or CheckFailed. Read-only towards the target tables. Idempotent: a retried check starts over.
 */
import {
  BULK_ERROR_COLUMN,
  BULK_MAX_DATA_ROWS,
  BULK_RESULT_COLUMN,
  BULK_ROW_NUMBER_COLUMN,
  BulkStatus,
  isBulkChecking,
  ownValue,
  type TCsvEncoding,
} from '@cloudsign/contract';
import type { AppDeps } from '../deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { CsvFileError } from '../lib/csv/decode.ts';
import { isBlankRecord, readCsvRecords, unescapeFormula } from '../lib/csv/parse.ts';
import { findManipulationById, updateManipulation } from './bulk.repository.ts';
import { addRowErrors, countByAction, deleteRows, insertRows } from './bulk-rows.repository.ts';
import type {
  CheckedRow,
  ColumnSpec,
  InputRow,
  ManipulationRow,
  RowChecker,
} from './bulk.types.ts';

export const CHECK_BATCH_SIZE = 2000;
/** Two: one batch per core on a two-core machine; more only queues in the database. */
const STORE_IN_FLIGHT = 2;

/** Columns our own result and error CSVs add; ignored on upload so a fixed error CSV can be re-uploaded. */
const IGNORED_HEADERS = new Set([BULK_ROW_NUMBER_COLUMN, BULK_RESULT_COLUMN, BULK_ERROR_COLUMN]);

export const MSG_EMPTY = 'ファイルが空です。1行目に見出し（列名）を書いてください。';
export const MSG_NO_ROWS = 'データ行がありません。2行目以降にデータを入力してください。';
/**
 * More columns than any target has (their own columns, the attribute items, the columns our files add): a
 * header past it is refused with one message before anything is done per column.
 */
export const MAX_HEADER_COLUMNS = 1000;
export const MSG_TOO_MANY_COLUMNS = `1行目の見出し（列名）が多すぎます（${MAX_HEADER_COLUMNS.toLocaleString('ja-JP')}列まで）。テンプレートの列だけを残して保存し直してください。`;
export const MSG_TOO_MANY_ROWS = `データ行が上限（${BULK_MAX_DATA_ROWS.toLocaleString('ja-JP')}行）を超えています。ファイルを分けてアップロードしてください。`;
export const MSG_HEADER = '1行目の見出し（列名）に誤りがあります。';

/** Missing, unknown and duplicated headers, each with its column position. */
export function checkHeaders(
  cells: string[],
  spec: ColumnSpec,
): { headers: string[]; errors: { path: string; message: string }[] } {
  const headers = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
  const errors: { path: string; message: string }[] = [];
  const seen = new Map<string, number>();
  headers.forEach((h, i) => {
    const path = `1行目 ${i + 1}列目`;
    const unavailable = spec.unavailable && ownValue(spec.unavailable, h);
    if (h === '') errors.push({ path, message: `${i + 1}列目の見出しが空です。` });
    else if (seen.has(h))
      errors.push({
        path,
        message: `列「${h}」が重複しています（${seen.get(h)! + 1}列目と${i + 1}列目）。`,
      });
    else if (unavailable)
      errors.push({ path, message: `列「${h}」は使用できません。${unavailable}` });
    else if (!spec.allowed.includes(h) && !IGNORED_HEADERS.has(h)) {
      errors.push({
        path,
        message: `列「${h}」は使用できません。使用できる列: ${spec.allowed.join('、')}`,
      });
    }
    if (h !== '' && !seen.has(h)) seen.set(h, i);
  });
  for (const r of spec.required)
    if (!seen.has(r)) errors.push({ path: '1行目', message: `必須の列「${r}」がありません。` });
  for (const group of spec.requiredOneOf ?? []) {
    if (!group.some((c) => seen.has(c)))
      errors.push({
        path: '1行目',
        message: `列「${group.join('」または「')}」のどちらかが必要です。`,
      });
  }
  return { headers, errors };
}

export type CheckerFactory = (
  m: ManipulationRow,
  headers: readonly string[],
) => Promise<RowChecker>;

export async function runCheck(
  deps: AppDeps,
  manipulationId: string,
  makeChecker: CheckerFactory,
  /** Written in the transaction that settles the check (its audit event). */
  onChecked: (tx: DbOrTx, row: ManipulationRow) => Promise<void> = async () => {},
): Promise<void> {
  const db = deps.database.db;
  const found = await findManipulationById(db, manipulationId);
  if (!found || !isBulkChecking(found.status)) return;
  const m = await updateManipulation(
    db,
    manipulationId,
    {
      status: BulkStatus.Checking,
      startedAt: deps.clock(),
      processedRows: 0,
      totalRows: 0,
      fileError: null,
      counts: {},
    },
    [BulkStatus.Uploaded, BulkStatus.Checking],
  );
  if (!m) return;
  await deleteRows(db, manipulationId);

  try {
    const { headers, dataRows, encoding } = await checkFile(deps, m, makeChecker);
    const counts = await countByAction(db, manipulationId);
    const status = (counts.error ?? 0) > 0 ? BulkStatus.CheckFailed : BulkStatus.Ready;
    await db.transaction(async (tx) => {
      const row = await updateManipulation(
        tx,
        manipulationId,
        // Result and error files come back in the encoding the admin uploaded.
        {
          status,
          counts,
          totalRows: dataRows,
          processedRows: dataRows,
          params: { ...m.params, headers },
          encoding,
        },
        [BulkStatus.Checking],
      );
      if (row) await onChecked(tx, row);
    });
  } catch (e) {
    if (!(e instanceof CsvFileError)) throw e;
    await deleteRows(db, manipulationId);
    await db.transaction(async (tx) => {
      const row = await updateManipulation(
        tx,
        manipulationId,
        {
          status: BulkStatus.CheckFailed,
          fileError: { message: e.message, ...(e.details ? { details: e.details } : {}) },
          counts: {},
          totalRows: 0,
          processedRows: 0,
        },
        [BulkStatus.Checking],
      );
      if (row) await onChecked(tx, row);
    });
  }
}

async function checkFile(deps: AppDeps, m: ManipulationRow, makeChecker: CheckerFactory) {
  const db = deps.database.db;
  if (!m.inputFileKey) throw new CsvFileError(MSG_EMPTY);
  let headers: string[] | null = null;
  let checker: RowChecker | null = null;
  let batch: InputRow[] = [];
  let dataRows = 0;
  let encoding: TCsvEncoding = 'utf8bom';

  // Storing checked batches (the database's work) overlaps with reading and checking the next one (ours).
  // Up to STORE_IN_FLIGHT batches are being stored at once, on separate connections where the driver has
  // them; progress is still written in file order, after every earlier batch has landed.
  const inFlight: Promise<void>[] = [];
  let lastProgress: Promise<void> = Promise.resolve();
  const storeAll = () => Promise.all(inFlight.splice(0)).then(() => lastProgress);
  const flush = async () => {
    if (batch.length === 0) return;
    const checked = await checker!.checkBatch(batch);
    batch = [];
    const processed = dataRows;
    if (inFlight.length >= STORE_IN_FLIGHT) await inFlight.shift();
    const stored = insertRows(db, m.id, checked);
    const previous = lastProgress;
    lastProgress = stored
      .then(() => previous)
      .then(async () => void (await updateManipulation(db, m.id, { processedRows: processed })));
    const done = lastProgress;
    // Marked handled here: a failure is still thrown by the next await of it (storeAll or the shift above).
    done.catch(() => {});
    inFlight.push(done);
  };

  try {
    for await (const record of readCsvRecords(
      deps.storage.read(m.inputFileKey),
      (e) => (encoding = e === 'cp932' ? 'sjis' : 'utf8bom'),
    )) {
      if (!headers) {
        if (record.cells.length > MAX_HEADER_COLUMNS) throw new CsvFileError(MSG_TOO_MANY_COLUMNS);
        checker = withShapeCheck(
          await makeChecker(
            m,
            record.cells.map((c) => c.trim()),
          ),
        );
        const h = checkHeaders(record.cells, checker.columns);
        if (h.errors.length > 0) throw new CsvFileError(MSG_HEADER, h.errors);
        headers = h.headers;
        continue;
      }
      if (isBlankRecord(record.cells)) continue;
      dataRows += 1;
      if (dataRows > BULK_MAX_DATA_ROWS) throw new CsvFileError(MSG_TOO_MANY_ROWS);
      batch.push(toInputRow(headers, record.rowNumber, record.cells));
      if (batch.length >= CHECK_BATCH_SIZE) await flush();
    }
    if (!headers) throw new CsvFileError(MSG_EMPTY);
    if (dataRows === 0) throw new CsvFileError(MSG_NO_ROWS);
    await flush();
    await storeAll();
  } catch (e) {
    // A file error found mid-file deletes the stored rows: the batches still being stored must land first.
    await Promise.allSettled([...inFlight, lastProgress]);
    throw e;
  }
  await addRowErrors(db, m.id, await checker!.finish());
  return { headers, dataRows, encoding };
}

/** A row with more or fewer cells than headers is reported on the row; its cells are still shown. */
function toInputRow(headers: string[], rowNumber: number, cells: string[]): InputRow {
  const input: Record<string, string> = {};
  headers.forEach((h, i) => {
    if (!IGNORED_HEADERS.has(h)) input[h] = unescapeFormula(cells[i] ?? '');
  });
  const row: InputRow = { rowNumber, input };
  if (cells.length !== headers.length)
    row.shapeError = `列の数（${cells.length}）が見出しの列の数（${headers.length}）と一致しません。`;
  return row;
}

/** Wraps a target's checker so rows with the wrong number of cells become errors before its rules run. */
export function withShapeCheck(checker: RowChecker): RowChecker {
  return {
    ...checker,
    checkBatch: async (rows) => {
      const good = rows.filter((r) => !r.shapeError);
      const checked = new Map((await checker.checkBatch(good)).map((c) => [c.rowNumber, c]));
      return rows.map(
        (r): CheckedRow =>
          checked.get(r.rowNumber) ?? {
            rowNumber: r.rowNumber,
            action: 'error',
            targetId: null,
            input: r.input,
            before: null,
            after: null,
            errors: [{ column: '', message: r.shapeError! }],
          },
      );
    },
  };
}
