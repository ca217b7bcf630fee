import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { addBufferReleased } from './add-buffer.ts';

/** Every entry's bytes, as yauzl reads them back. */
async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(archive, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      file.on('end', () => resolve(found));
      file.on('entry', (e: yauzl.Entry) =>
        file.openReadStream(e, (error, stream) => {
          if (error) return reject(error);
          void buffer(stream).then((b) => {
            found.set(e.fileName, b);
            file.readEntry();
          }, reject);
        }),
      );
      file.readEntry();
    }),
  );
}

describe('addBufferReleased', () => {
  it('writes each buffer whole and holds none once it is written', async () => {
    const zip = new yazl.ZipFile();
    const out = zip.outputStream.pipe(new PassThrough());
    const archive = buffer(out);
    const pdfs = Array.from(
      { length: 5 },
      (_, i) => [`契約書_${i}.pdf`, randomBytes(30_000)] as const,
    );
    for (const [name, bytes] of pdfs)
      addBufferReleased(zip, bytes, name, { mtime: new Date(), compress: false });
    zip.end();
    const read = await entriesOf(await archive);
    expect([...read.keys()]).toEqual(pdfs.map(([name]) => name));
    for (const [name, bytes] of pdfs) expect(read.get(name)!.equals(bytes)).toBe(true);
    // yazl's entries no longer reach the buffers (with addBuffer alone each keeps its pump and buffer).
    const entries = (zip as unknown as { entries: { doFileDataPump: unknown }[] }).entries;
    expect(entries.map((e) => e.doFileDataPump)).toEqual(pdfs.map(() => null));
  });
});
