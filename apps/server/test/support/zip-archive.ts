/**
 * Reads a ZIP as a user's tools would: yauzl (a well-kept reader) for every entry's name, general-purpose flags
 * and bytes, and Debian's `unzip` (when installed) to test the archive and list it independently.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';

export type ZipEntry = { name: string; flags: number; bytes: Buffer; sha256: string };

/** Every entry of the archive, in order, with its bytes. */
export async function readZip(zip: Buffer): Promise<ZipEntry[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true, validateEntrySizes: true });
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (e: yauzl.Entry) => {
      entries.push(e);
      file.readEntry();
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  const out: ZipEntry[] = [];
  for (const entry of entries) {
    const chunks: Buffer[] = [];
    for await (const c of await file.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    out.push({
      name: entry.fileName,
      flags: entry.generalPurposeBitFlag,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  file.close();
  return out;
}

/** Bit 11: names and comments are UTF-8 (APPNOTE 4.4.4, appendix D). */
export const UTF8_FLAG = 0x0800;

const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** `unzip -t` (CRC of every entry) and `unzip -Z1` (the names it reads); null without Debian's unzip. */
export function unzipTool(zip: Buffer): { tested: string; names: string[] } | null {
  if (!hasUnzip) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zip-check-'));
  try {
    const file = path.join(dir, 'a.zip');
    writeFileSync(file, zip);
    const tested = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    return { tested, names };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The manifest's rows as objects by header, read in the encoding its first bytes say. */
export function readManifest(bytes: Buffer, encoding: 'sjis' | 'utf8bom') {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (encoding === 'utf8bom' && !hasBom) throw new Error('manifest: no UTF-8 BOM');
  if (encoding === 'sjis' && hasBom) throw new Error('manifest: a BOM in a CP932 file');
  const text =
    encoding === 'sjis' ? iconv.decode(bytes, 'cp932') : bytes.subarray(3).toString('utf8');
  return parse<Record<string, string>>(text, { columns: true, skip_empty_lines: true });
}
