/**
 * Streaming PDF check for imports (docs/design.md §4, CS): bytes start `%PDF-` and end `%%EOF` (trailing
 * whitespace allowed). The file passes through untouched; only its head and a short tail are remembered.
 */
import { Transform, type TransformCallback } from 'node:stream';

const HEAD = Buffer.from('%PDF-');
const EOF = Buffer.from('%%EOF');
const TAIL_BYTES = 1024;

export class PdfCheck extends Transform {
  size = 0;
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.head.length < HEAD.length)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD.length - this.head.length)]);
    const joined = Buffer.concat([this.tail, chunk]);
    this.tail = joined.subarray(Math.max(0, joined.length - TAIL_BYTES));
    done(null, chunk);
  }

  get startsLikePdf(): boolean {
    return this.head.equals(HEAD);
  }

  get endsLikePdf(): boolean {
    let end = this.tail.length;
    // PDF whitespace: NUL, TAB, LF, FF, CR, SPACE (ISO 32000-1 §7.2.2).
    while (end > 0 && [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(this.tail[end - 1]!)) end -= 1;
    return end >= EOF.length && this.tail.subarray(end - EOF.length, end).equals(EOF);
  }
}
