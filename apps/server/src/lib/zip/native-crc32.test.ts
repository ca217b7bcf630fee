import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { installNativeCrc32, nativeUnsigned, yazlCrc32 } from './native-crc32.ts';

/**
 * buffer-crc32's own function, from a copy of its module loaded for this test: the one yazl shares may be
 * replaced already (a worker's test files share their modules, and the app installs the native one).
 */
function bufferCrc32Own(): typeof nativeUnsigned {
  const require = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const id = require.resolve('buffer-crc32');
  const shared = require.cache[id];
  delete require.cache[id];
  try {
    return (require('buffer-crc32') as { unsigned: typeof nativeUnsigned }).unsigned;
  } finally {
    require.cache[id] = shared;
  }
}

const bytes = randomBytes(70_000);
const js = bufferCrc32Own();
// buffer-crc32's own answers.
const before = {
  whole: js(bytes),
  chained: js(bytes.subarray(9), js(bytes.subarray(0, 9))),
  check: js('123456789'),
};

/** The CRC-32 an archive holds for its one entry, as yauzl reads the central directory. */
async function entryCrc(zip: yazl.ZipFile): Promise<number> {
  const out = zip.outputStream.pipe(new PassThrough());
  zip.end();
  const archive = await buffer(out);
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(archive, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      file.on('entry', (e: yauzl.Entry) => resolve(e.crc32));
      file.readEntry();
    }),
  );
}

describe('native CRC-32 for yazl', () => {
  it('replaces the one yazl uses and answers as it did, whole, chained and for text', async () => {
    installNativeCrc32();
    const crc32 = yazlCrc32();
    expect(crc32.unsigned).toBe(nativeUnsigned);
    expect(js).not.toBe(nativeUnsigned);
    expect(before.check).toBe(0xcbf43926);
    expect(crc32.unsigned('123456789')).toBe(0xcbf43926);
    expect(crc32.unsigned(bytes)).toBe(before.whole);
    expect(crc32.unsigned(bytes.subarray(9), crc32.unsigned(bytes.subarray(0, 9)))).toBe(
      before.chained,
    );
    // yazl writes it, for a buffer and for a stream.
    const zip = new yazl.ZipFile();
    zip.addBuffer(bytes, 'a.pdf', { compress: false });
    expect(await entryCrc(zip)).toBe(before.whole);
    const streamed = new yazl.ZipFile();
    const source = new PassThrough();
    streamed.addReadStream(source, 'b.pdf', { compress: false });
    source.end(bytes);
    expect(await entryCrc(streamed)).toBe(before.whole);
  });
});
