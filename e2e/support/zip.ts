/** A downloaded ZIP read back entry by entry, as the person's unzip tool would see it (name, flags, bytes). */
import yauzl from 'yauzl';

export type ZipEntry = { name: string; flags: number; bytes: Buffer };

/** General-purpose bit 11: the entry's name is UTF-8 (Explorer and Finder then show Japanese names). */
export const UTF8_FLAG = 0x800;

export async function readZip(bytes: Buffer): Promise<ZipEntry[]> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  const out: ZipEntry[] = [];
  for (const e of entries) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openReadStreamPromise(e)) chunks.push(c as Buffer);
    out.push({ name: e.fileName, flags: e.generalPurposeBitFlag, bytes: Buffer.concat(chunks) });
  }
  zip.close();
  return out;
}
