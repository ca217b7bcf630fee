/**
 * CSV out (templates, exports, result and error files): csv-stringify, then the chosen encoding, streamed
 * so memory stays flat however many rows there are.
 */
import { PassThrough, Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { stringify } from 'csv-stringify';
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

function encoder(encoding: TCsvEncoding): Transform {
  if (encoding === 'sjis') {
    // Each chunk from csv-stringify is whole records; StringDecoder still guards a split character.
    const text = new StringDecoder('utf8');
    return new Transform({
      transform(chunk: Buffer | string, _enc, cb) {
        cb(null, iconv.encode(typeof chunk === 'string' ? chunk : text.write(chunk), 'cp932'));
      },
    });
  }
  let isFirst = true;
  return new Transform({
    transform(chunk: Buffer | string, _enc, cb) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'utf8');
      if (isFirst) {
        isFirst = false;
        cb(null, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]));
      } else cb(null, bytes);
    },
    flush(cb) {
      // An empty file still says it is UTF-8, so Excel opens it in the right encoding.
      if (isFirst) this.push(Buffer.from([0xef, 0xbb, 0xbf]));
      cb();
    },
  });
}

/**
 * CRLF line ends and every cell quoted only when needed: what Excel writes and reads back. csv-stringify
 * quotes a cell holding the record delimiter, and with `record_delimiter: 'windows'` that is CRLF only: a
 * lone CR or LF went out bare and started a new row in Excel, outside the formula escape (row injection).
 * `quoted_match` quotes every cell with either, so each cell reads back as exactly one cell.
 */
export function createCsvWriter(encoding: TCsvEncoding): CsvWriter {
  const stringifier = stringify({ record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  const enc = encoder(encoding);
  const output = new PassThrough();
  stringifier.on('error', (e) => output.destroy(e));
  enc.on('error', (e) => output.destroy(e));
  stringifier.pipe(enc).pipe(output);
  return {
    output,
    write: (cells) =>
      new Promise<void>((resolve) => {
        const row = cells.map((c) =>
          typeof c === 'string' ? escapeFormula(c) : c == null ? '' : String(c),
        );
        if (stringifier.write(row)) resolve();
        else stringifier.once('drain', resolve);
      }),
    end: () => stringifier.end(),
    fail: (e) => {
      stringifier.destroy(e);
      output.destroy(e);
    },
  };
}

export const csvContentType = (encoding: TCsvEncoding) =>
  encoding === 'sjis' ? 'text/csv; charset=Shift_JIS' : 'text/csv; charset=utf-8';
