/**
 * RFC 4180 parsing of a decoded CSV stream (csv-parse). Nothing that hides an error is relaxed: a quote
 * left open or a stray quote fails the file with the row where it happened. Rows of a different length
 * are passed on and reported per row by the caller, so one short row does not hide the others.
 */
import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { CsvFileError, createDecodeStream, type InputEncoding } from './decode.ts';

export type CsvRecord = {
  /** 1-based, the header being row 1: the number Excel shows beside the row. */
  rowNumber: number;
  cells: string[];
};

const QUOTE_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: '引用符（"）が閉じられていません。',
  INVALID_OPENING_QUOTE:
    '引用符（"）の位置が正しくありません。値の途中に " を含める場合は、値全体を " で囲み、" を "" と書いてください。',
  CSV_INVALID_CLOSING_QUOTE: '閉じ引用符（"）の後に区切り文字以外の文字があります。',
  CSV_MAX_RECORD_SIZE:
    '1行が長すぎます（1MB まで）。列や値が正しく区切られているか確認してください。',
};

/** The longest record read (characters): a row is a few hundred; one never ends up a whole file in memory. */
const MAX_RECORD_CHARS = 1024 * 1024;

function toFileError(e: unknown): unknown {
  if (e instanceof CsvFileError) return e;
  if (e instanceof CsvError) {
    const row = (typeof e.records === 'number' ? e.records : 0) + 1;
    const message = QUOTE_MESSAGES[e.code] ?? 'CSV の形式が正しくありません。';
    return new CsvFileError(`${row}行目: ${message}`, [{ path: `${row}行目`, message }]);
  }
  return e;
}

/** Bytes → records, with the encoding detected on the way (see decode.ts). */
export async function* readCsvRecords(
  bytes: Readable,
  onDetected?: (encoding: InputEncoding) => void,
): AsyncGenerator<CsvRecord> {
  const decoder = createDecodeStream(onDetected);
  // CRLF, LF and CR all end a record, even mixed in one file (files pasted together from different tools).
  const parser = parse({
    relax_column_count: true,
    relax_quotes: false,
    skip_empty_lines: false,
    record_delimiter: ['\r\n', '\n', '\r'],
    max_record_size: MAX_RECORD_CHARS,
  });
  bytes.on('error', (e) => decoder.destroy(e));
  decoder.on('error', (e) => parser.destroy(e));
  bytes.pipe(decoder).pipe(parser);
  let rowNumber = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      yield { rowNumber, cells };
    }
  } catch (e) {
    throw toFileError(e);
  } finally {
    bytes.destroy();
  }
}

/** A blank line (or a row of empty cells, as Excel writes after deleting rows) is not data. */
export const isBlankRecord = (cells: string[]) => cells.every((c) => c.trim() === '');

/** Undo the formula escape our own CSVs add (formula.ts), so a downloaded file re-uploads unchanged. */
export { unescapeFormula } from './formula.ts';
