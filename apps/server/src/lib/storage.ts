/**
 * File storage behind a small interface (docs/design.md §1 Files): a folder under DATA_DIR by default,
 * S3-compatible storage later. Keys are always server-chosen (`<area>/<uuid>`), never user file names.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export type FileStorage = {
  /** Streams `source` to `key`; the file appears only once complete (write to temp, then rename). */
  write: (key: string, source: Readable | Buffer) => Promise<{ size: number }>;
  read: (key: string) => Readable;
  /** The whole file at once, for small files (one read instead of a stream's chain of them). */
  readAll: (key: string) => Promise<Buffer>;
  size: (key: string) => Promise<number | null>;
  remove: (key: string) => Promise<void>;
  /**
   * Two-step write for files whose database row is committed later (document import): `stage` stores the
   * bytes in this process's staging folder, `promote` moves them to `key` after the commit, `discard`
   * drops them. A crash in between leaves them in the staging folder of a dead process, which
   * sweepDeadStaging finishes (row committed) or removes (no row): never an orphan under `key`.
   */
  stage: (key: string, source: Readable | Buffer) => Promise<{ size: number }>;
  promote: (key: string) => Promise<void>;
  discard: (key: string) => Promise<void>;
  /** The staged bytes, for a check that needs the whole file before it is kept (scripts in an imported PDF). */
  readStaged: (key: string) => Readable;
  /** Absolute path, for libraries that need one (local storage only). */
  pathOf: (key: string) => string;
};

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

/** Temp and staged files live in `files/.staging/<instance tag>/`, so a dead process's leftovers are one folder. */
export const STAGING_DIR = '.staging';
/** A staged file's name is its key with `/` as `~` (never in a key), so a sweep knows where it belongs. */
export const stagedName = (key: string) => key.replaceAll('/', '~');

export function createLocalStorage(root: string, opts: { stagingTag?: string } = {}): FileStorage {
  const base = path.resolve(root, 'files');
  const staging = path.join(base, STAGING_DIR, opts.stagingTag ?? 'local');
  const pathOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
    return path.join(base, key);
  };
  const stagedPath = (key: string) =>
    path.join(staging, stagedName(pathOf(key).slice(base.length + 1)));
  const writeTo = async (target: string, source: Readable | Buffer) => {
    await mkdir(staging, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(staging, `${crypto.randomUUID()}.part`);
    try {
      if (Buffer.isBuffer(source)) await writeFile(tmp, source);
      else await pipeline(source, createWriteStream(tmp));
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    return { size: (await stat(target)).size };
  };
  return {
    pathOf,
    write: (key, source) => writeTo(pathOf(key), source),
    stage: (key, source) => writeTo(stagedPath(key), source),
    promote: async (key) => {
      await mkdir(path.dirname(pathOf(key)), { recursive: true });
      await rename(stagedPath(key), pathOf(key));
    },
    discard: async (key) => rm(stagedPath(key), { force: true }),
    readStaged: (key) => createReadStream(stagedPath(key)),
    read: (key) => createReadStream(pathOf(key)),
    readAll: (key) => readFile(pathOf(key)),
    size: async (key) => {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    remove: async (key) => rm(pathOf(key), { force: true }),
  };
}
