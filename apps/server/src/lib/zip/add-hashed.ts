/**
 * A stream's bytes into a yazl archive, hashed (SHA-256) on their way in: the hash the manifest lists is of
 * exactly the bytes the archive holds.
 */
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type yazl from 'yazl';

/** Bytes of `source` into the archive under `name`; resolves with their SHA-256 once yazl has read them all. */
export async function addHashed(
  zip: yazl.ZipFile,
  source: Readable,
  name: string,
  mtime: Date,
  failed: Promise<never>,
  compress = false,
): Promise<string> {
  const hash = createHash('sha256');
  // The hash is taken as bytes pass through, not by a 'data' listener: that would set the stream flowing before
  // yazl pipes it (yazl starts an entry only once the one before is written), and the bytes that flowed
  // meanwhile were lost to the archive: an entry came out empty while the manifest showed its hash.
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  source.on('error', (e) => through.destroy(e));
  source.pipe(through);
  // PDFs are compressed already: stored as they are, the archive is written at the speed of the disk.
  zip.addReadStream(through, name, { mtime, compress });
  await Promise.race([finished(through), failed]);
  return hash.digest('hex');
}
