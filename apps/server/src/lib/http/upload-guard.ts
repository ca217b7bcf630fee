/**
 * A multipart file stream that always ends or fails. When a request body stops in the middle of a file
 * (no closing boundary), @fastify/multipart destroys the part's stream without an error, and whoever is
 * still reading it waits forever. This wrapper turns that into a clear 400 the uploader can act on.
 */
import { PassThrough, type Readable } from 'node:stream';
import { DISGUISING_CHARS, showInvisible } from '@cloudsign/contract';
import { AppError } from '../app-error.ts';

export const MSG_UPLOAD_CUT_OFF =
  'ファイルの送信が途中で途切れました。もう一度アップロードしてください。';

export function guardUpload(
  file: Readable & { truncated?: boolean },
): Readable & { truncated?: boolean } {
  const out = new PassThrough();
  // The failure may come before anyone reads `out`: it is kept as the stream's error (a later pipeline
  // rejects with it) instead of being thrown as an uncaught 'error' event.
  out.on('error', () => {});
  let failed = false;
  const fail = () => {
    if (failed || file.readableEnded) return;
    failed = true;
    file.unpipe(out);
    out.destroy(new AppError('bad_request', MSG_UPLOAD_CUT_OFF));
  };
  // Size-limit truncation is the route's own check (it answers 413), so it is read through the wrapper.
  Object.defineProperty(out, 'truncated', { get: () => file.truncated });
  // Readable.pipe does not pass a source's failure on, so a reader that pipes `out` onward (the import's
  // PDF check) would wait forever: here the failure travels down the pipe too.
  const pipe = out.pipe.bind(out);
  out.pipe = <T extends NodeJS.WritableStream>(dest: T, options?: { end?: boolean }): T => {
    const forward = (e: Error) => {
      const d = dest as unknown as {
        destroy?: (e: Error) => void;
        on: (ev: 'error', f: () => void) => void;
      };
      // As for `out`: kept as `dest`'s error for whoever reads it next, not thrown as an uncaught event.
      d.on('error', () => {});
      d.destroy?.(e);
    };
    if (out.errored) process.nextTick(() => forward(out.errored!));
    else out.once('error', forward);
    return pipe(dest, options);
  };
  if (file.destroyed && !file.readableEnded) {
    process.nextTick(fail);
    return out;
  }
  file.once('error', fail);
  file.once('close', () => process.nextTick(fail));
  file.pipe(out);
  return out;
}

export const MSG_FILENAME_CONTROL =
  'ファイル名に使用できない文字（制御文字）が含まれています。ファイル名を変更してからアップロードしてください。';

/** The file is named with the hidden characters shown as <U+XXXX>, so the message itself is not disguised. */
export const msgFilenameDisguising = (filename: string, char: string) =>
  `ファイル「${showInvisible(filename)}」の名前に、表示を偽装できる見えない文字（U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}）が含まれています。ファイル名を変更してからアップロードしてください。`;

/**
 * An uploaded file's name is only ever shown and stored as text (storage keys are server-chosen), but a
 * control character — NUL above all, which PostgreSQL text cannot hold — is refused with a message, and so
 * is a character that disguises the name (a right-to-left override makes 「請求書<U+202E>fdp.exe」 read as a
 * PDF; contract text.ts lists them), on every upload: CSV bulk files and imported PDFs, whose name becomes
 * the document's title. Folders in the name were already dropped by the multipart parser (base name only).
 */
export function filenameProblem(filename: string): string | null {
  const isControl = (c: number) => c < 0x20 || c === 0x7f;
  for (let i = 0; i < filename.length; i += 1)
    if (isControl(filename.charCodeAt(i))) return MSG_FILENAME_CONTROL;
  const disguising = DISGUISING_CHARS.exec(filename);
  return disguising ? msgFilenameDisguising(filename, disguising[0]) : null;
}
