import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../../test/support/zip-archive.ts';
import { addHashed } from './add-hashed.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const never = new Promise<never>(() => {});

describe('addHashed', () => {
  it('keeps every byte of an entry whose source is ready before the archive reaches it', async () => {
    const zip = new yazl.ZipFile();
    const archive = buffer(zip.outputStream.pipe(new PassThrough()));
    // manifest.csv, compressed: yazl is still deflating it when the next entry's bytes are already there.
    const manifest = randomBytes(2_000_000);
    const history = Buffer.from('書類ID,管理番号,タイトル\r\n1,A-1,業務委託契約書\r\n');
    const hashes = [
      await addHashed(zip, Readable.from([manifest]), 'manifest.csv', new Date(), never, true),
      await addHashed(zip, Readable.from([history]), '訂正削除履歴.csv', new Date(), never, true),
    ];
    zip.end();
    const entries = await readZip(await archive);
    expect(entries.map((e) => [e.name, e.bytes.length])).toEqual([
      ['manifest.csv', manifest.length],
      ['訂正削除履歴.csv', history.length],
    ]);
    expect(entries[1]!.bytes.equals(history)).toBe(true);
    expect(hashes).toEqual([sha256(manifest), sha256(history)]);
  });

  it('rejects when its source fails', async () => {
    const zip = new yazl.ZipFile();
    zip.outputStream.resume();
    const broken = new Readable({ read: () => broken.destroy(new Error('読み込みに失敗')) });
    await expect(addHashed(zip, broken, 'a.pdf', new Date(), never)).rejects.toThrow(
      '読み込みに失敗',
    );
  });
});
