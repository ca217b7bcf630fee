/**
 * Scripts inside an imported PDF (docs/decisions.md "PDFs that carry scripts"). The browser's viewer runs a
 * PDF's JavaScript over the console (`app.response` draws a password prompt), so such a PDF is refused, not
 * cleaned: an imported PDF is a signed contract, and removing anything from it would break its signature.
 *
 * pdf-lib parses every object, those packed in compressed object streams included; each object is looked at
 * as the parser stores it (an object defined twice is seen both times, whichever a viewer would pick). Names are
 * compared with their `#xx` escapes decoded in either case, as viewers decode them (pdf-lib decodes upper case only).
 */
import type { PDFContext, PDFObject, PDFRef } from 'pdf-lib';

export type PdfScriptVerdict = 'clean' | 'script' | 'encrypted' | 'unreadable';

/** Action types that run code or reach out when the PDF is opened or clicked; `/JS` and `/JavaScript` keys too. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'RichMediaExecute',
]);
const SCRIPT_KEYS = new Set(['JS', 'JavaScript', 'XFA']);
/** The token of a JavaScript action in the raw bytes, escapes allowed: catches objects the parser never reached. */
const hexOf = (c: string) =>
  c
    .charCodeAt(0)
    .toString(16)
    .replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);
const RAW_JAVASCRIPT = new RegExp(
  `/${[...'JavaScript'].map((c) => `(?:${c}|#${hexOf(c)})`).join('')}(?![A-Za-z0-9#])`,
);

const nameOf = (raw: string) =>
  raw
    .replace(/^\//, '')
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

type Lib = typeof import('pdf-lib');

/** What the object holds that a viewer could run; walks nested dictionaries and arrays. */
function findActive(lib: Lib, object: PDFObject, depth = 0): 'script' | 'unreadable' | null {
  if (depth > 64) return 'unreadable';
  if (object instanceof lib.PDFInvalidObject) {
    const raw = Buffer.alloc(object.sizeInBytes());
    object.copyBytesInto(raw, 0);
    return RAW_JAVASCRIPT.test(raw.toString('latin1')) ? 'script' : null;
  }
  const dict =
    object instanceof lib.PDFRawStream
      ? object.dict
      : object instanceof lib.PDFDict
        ? object
        : null;
  if (dict) {
    for (const [key, value] of dict.entries()) {
      const k = nameOf(key.asString());
      if (SCRIPT_KEYS.has(k)) return 'script';
      if (value instanceof lib.PDFName) {
        const v = nameOf(value.asString());
        if (k === 'S' && ACTIVE_ACTIONS.has(v)) return 'script';
        // An object stream pdf-lib did not recognise (its type spelled with lower-case escapes) went unread.
        if (k === 'Type' && v === 'ObjStm' && value !== lib.PDFName.of('ObjStm'))
          return 'unreadable';
      }
      const inner = findActive(lib, value, depth + 1);
      if (inner) return inner;
    }
  }
  if (object instanceof lib.PDFArray) {
    for (const item of object.asArray()) {
      const inner = findActive(lib, item, depth + 1);
      if (inner) return inner;
    }
  }
  return null;
}

/** Reads the whole file's objects; a few at a time, so a large file does not hold the event loop. */
export async function checkPdfScripts(bytes: Uint8Array): Promise<PdfScriptVerdict> {
  // A view of the same memory, not a copy: a file may be 50 MB (Buffer.from of a Uint8Array copies it).
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (RAW_JAVASCRIPT.test(raw.toString('latin1'))) return 'script';
  const lib = await import('pdf-lib');
  const parser = lib.PDFParser.forBytesWithOptions(bytes, 200, false);
  const context: PDFContext = (parser as unknown as { context: PDFContext }).context;
  let found: 'script' | 'unreadable' | null = null;
  const assign = context.assign.bind(context);
  context.assign = (ref: PDFRef, object: PDFObject) => {
    found ??= findActive(lib, object);
    assign(ref, object);
  };
  try {
    await parser.parseDocument();
  } catch {
    return 'unreadable';
  }
  if (found) return found;
  return context.trailerInfo.Encrypt ? 'encrypted' : 'clean';
}
