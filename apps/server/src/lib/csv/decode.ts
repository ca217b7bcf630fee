/**
 * Encoding detection and streaming decode of uploaded CSVs (docs/design.md §3): UTF-8 with or without BOM, or
 * Shift_JIS as Windows writes it (CP932, with NEC/IBM extensions such as ①, ㈱, 髙). UTF-16 and binary
 * files are refused with a message the admin can act on, rather than decoded into mojibake.
 */
import { Transform, type TransformCallback } from 'node:stream';
import iconv from 'iconv-lite';
import { isExcelFileStart, MSG_EXCEL_FILE } from '@cloudsign/contract';
import { capDetails } from '../error-details.ts';

export type InputEncoding = 'utf8' | 'utf8bom' | 'cp932';

/** A problem with the whole file (not one row): shown as the manipulation's file error. */
export class CsvFileError extends Error {
  readonly details: { path: string; message: string }[] | undefined;
  constructor(message: string, details?: { path: string; message: string }[]) {
    super(message);
    // Stored on the run and sent with every read of it: never more than a screen of details.
    this.details = details && capDetails(details);
  }
}

export const MSG_UTF16 =
  'UTF-16 の CSV には対応していません。Excel では「CSV UTF-8（コンマ区切り）」または「CSV（コンマ区切り）」で保存し直してください。';
export const MSG_BINARY =
  'CSV ファイルではないようです（文字以外のデータが含まれています）。CSV 形式で保存したファイルを選んでください。';
export const MSG_UNKNOWN_ENCODING =
  '文字コードを判別できませんでした。UTF-8 または Shift_JIS で保存し直してください。';
export const msgInvalidChars = (encoding: InputEncoding) =>
  `${encoding === 'cp932' ? 'Shift_JIS' : 'UTF-8'} として読めない文字が含まれています。文字コードを確認して保存し直してください。`;

/** Valid UTF-8, allowing a multi-byte sequence cut off at the end of the sample. */
function isUtf8(buf: Buffer): boolean {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const n = b >= 0xf0 && b <= 0xf4 ? 3 : b >= 0xe0 ? 2 : b >= 0xc2 && b < 0xe0 ? 1 : -1;
    if (n < 0 || b > 0xf4) return false;
    for (let k = 1; k <= n; k += 1) {
      if (i + k >= buf.length) return true;
      const c = buf[i + k]!;
      if ((c & 0xc0) !== 0x80) return false;
    }
    i += n + 1;
  }
  return true;
}

/** Control characters other than tab, CR and LF do not occur in text a spreadsheet writes. */
function hasBinaryControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

function hasHighByte(buf: Buffer): boolean {
  for (let i = 0; i < buf.length; i += 1) if (buf[i]! >= 0x80) return true;
  return false;
}

/**
 * Decides from the first bytes that are not plain ASCII (ASCII reads the same in every candidate, so a
 * file whose first thousand rows are ASCII is still detected by its first Japanese text).
 * Returns null while everything seen is ASCII.
 */
export function detectEncoding(sample: Buffer, isFileStart = true): InputEncoding | null {
  if (isFileStart && isExcelFileStart(sample)) throw new CsvFileError(MSG_EXCEL_FILE);
  if (
    isFileStart &&
    sample.length >= 2 &&
    ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff))
  ) {
    throw new CsvFileError(MSG_UTF16);
  }
  if (
    isFileStart &&
    sample.length >= 3 &&
    sample[0] === 0xef &&
    sample[1] === 0xbb &&
    sample[2] === 0xbf
  )
    return 'utf8bom';
  if (sample.indexOf(0) >= 0) {
    // UTF-16 without BOM: ASCII text with a NUL in every other byte.
    const head = sample.subarray(0, Math.min(sample.length, 512));
    let evenNul = 0;
    let oddNul = 0;
    for (let i = 0; i < head.length; i += 1) {
      if (head[i] !== 0) continue;
      if (i % 2 === 0) evenNul += 1;
      else oddNul += 1;
    }
    const half = head.length / 2;
    const isOneParity = (a: number, b: number) => a > half * 0.4 && b <= half * 0.05;
    if (isOneParity(evenNul, oddNul) || isOneParity(oddNul, evenNul))
      throw new CsvFileError(MSG_UTF16);
    throw new CsvFileError(MSG_BINARY);
  }
  if (!hasHighByte(sample)) {
    if (hasBinaryControl(sample.toString('latin1'))) throw new CsvFileError(MSG_BINARY);
    return null;
  }
  if (isUtf8(sample)) {
    if (hasBinaryControl(sample.toString('utf8'))) throw new CsvFileError(MSG_BINARY);
    return 'utf8';
  }
  // A streaming decoder keeps a lead byte cut off at the end of the sample instead of reporting it.
  const asSjis = iconv.getDecoder('cp932').write(sample);
  if (hasBinaryControl(asSjis)) throw new CsvFileError(MSG_BINARY);
  if (asSjis.includes('\uFFFD')) throw new CsvFileError(MSG_UNKNOWN_ENCODING);
  return 'cp932';
}

/**
 * Bytes in, text out. Until the encoding is known the bytes are ASCII and pass through as they are;
 * bytes invalid in the chosen encoding fail the stream with a CsvFileError (never a silent U+FFFD).
 */
export function createDecodeStream(onDetected?: (encoding: InputEncoding) => void): Transform {
  let isFileStart = true;
  let encoding: InputEncoding | null = null;
  let decode: ((chunk: Buffer) => string) | null = null;
  let end: (() => string) | null = null;

  const choose = (enc: InputEncoding) => {
    encoding = enc;
    onDetected?.(enc);
    if (enc === 'cp932') {
      const dec = iconv.getDecoder('cp932');
      decode = (chunk) => checkSjis(dec.write(chunk));
      end = () => checkSjis(dec.end() ?? '');
    } else {
      const dec = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
      decode = (chunk) => dec.decode(chunk, { stream: true });
      end = () => dec.decode();
    }
  };
  const checkSjis = (text: string) => {
    if (text.includes('\uFFFD')) throw new CsvFileError(msgInvalidChars('cp932'));
    return text;
  };
  const asFileError = (e: unknown) =>
    e instanceof CsvFileError ? e : new CsvFileError(msgInvalidChars(encoding ?? 'utf8'));

  return new Transform({
    decodeStrings: true,
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      try {
        if (!decode) {
          const detected = detectEncoding(chunk, isFileStart);
          isFileStart = false;
          if (!detected) {
            cb(null, chunk.toString('latin1'));
            return;
          }
          choose(detected);
        }
        const text = decode!(chunk);
        cb(null, text || undefined);
      } catch (e) {
        cb(asFileError(e));
      }
    },
    flush(cb: TransformCallback) {
      try {
        if (!decode) choose('utf8');
        const rest = end!();
        cb(null, rest || undefined);
      } catch (e) {
        cb(asFileError(e));
      }
    },
  });
}
