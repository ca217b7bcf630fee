/**
 * CSV out (templates, exports, result and error files): csv-stringify, then the chosen encoding, streamed
 * a batch of rows at a time so memory stays flat however many rows there are.
 */
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import type { TCsvEncoding } from '@cloudsign/contract';
import { escapeFormula } from './formula.ts';

export { escapeFormula };

export type CsvWriter = {
  /** Encoded bytes, ready to pipe to a file or a response. */
  output: Readable;
  /** Writes one row, waiting when the reader is slower (backpressure). */
  write: (cells: readonly (string | number | null | undefined)[]) => Promise<void>;
  end: () => void;
  fail: (e: Error) => void;
};

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Text to the file's bytes. */
const encoder = (encoding: TCsvEncoding): ((text: string) => Buffer) =>
  encoding === 'sjis' ? (text) => iconv.encode(text, 'cp932') : (text) => Buffer.from(text, 'utf8');

/**
 * Rows are stringified and encoded a batch at a time: one stream write per row cost more than the CSV itself
 * (an audit log export of a million events spent most of its time passing rows between three streams).
 * csv-stringify ends every record with the delimiter, so batches join into exactly the file one stream wrote.
 */
const BATCH_ROWS = 500;

/**
 * CRLF line ends and every cell quoted only when needed: what Excel writes and reads back. csv-stringify
 * quotes a cell holding the record delimiter, and with `record_delimiter: 'windows'` that is CRLF only: a
 * lone CR or LF went out bare and started a new row in Excel, outside the formula escape (row injection).
 * `quoted_match` quotes every cell with either, so each cell reads back as exactly one cell.
 */
export function createCsvWriter(encoding: TCsvEncoding): CsvWriter {
  const options = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;
  const encode = encoder(encoding);
  const output = new PassThrough();
  // A UTF-8 file starts with a BOM, an empty one too, so that Excel opens it in the right encoding.
  if (encoding !== 'sjis') output.write(UTF8_BOM);
  let batch: string[][] = [];
  /** Writes the batch out; false when the reader asked us to wait. */
  const flush = () => {
    if (batch.length === 0) return true;
    const bytes = encode(stringify(batch, options));
    batch = [];
    return output.write(bytes);
  };
  return {
    output,
    write: (cells) => {
      batch.push(
        cells.map((c) => (typeof c === 'string' ? escapeFormula(c) : c == null ? '' : String(c))),
      );
      if (batch.length < BATCH_ROWS || flush()) return Promise.resolve();
      return new Promise<void>((resolve) => output.once('drain', resolve));
    },
    end: () => {
      flush();
      output.end();
    },
    fail: (e) => {
      batch = [];
      output.destroy(e);
    },
  };
}

export const csvContentType = (encoding: TCsvEncoding) =>
  encoding === 'sjis' ? 'text/csv; charset=Shift_JIS' : 'text/csv; charset=utf-8';
