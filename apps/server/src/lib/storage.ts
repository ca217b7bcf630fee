/**
 * File storage behind a small interface (DESIGN.md §1 Files): a folder under DATA_DIR by default,
 * S3-compatible storage later. Keys are always server-chosen (`<area>/<uuid>`), never user file names.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export type FileStorage = {
  /** Streams `source` to `key`; the file appears only once complete (write to temp, then rename). */
  write: (key: string, source: Readable | Buffer) => Promise<{ size: number }>;
  read: (key: string) => Readable;
  size: (key: string) => Promise<number | null>;
  remove: (key: string) => Promise<void>;
  /** Absolute path, for libraries that need one (local storage only). */
  pathOf: (key: string) => string;
};

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root, 'files');
  const pathOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
    return path.join(base, key);
  };
  return {
    pathOf,
    write: async (key, source) => {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${crypto.randomUUID()}.part`;
      try {
        if (Buffer.isBuffer(source)) {
          const { writeFile } = await import('node:fs/promises');
          await writeFile(tmp, source);
        } else {
          await pipeline(source, createWriteStream(tmp));
        }
        await rename(tmp, target);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
      return { size: (await stat(target)).size };
    },
    read: (key) => createReadStream(pathOf(key)),
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
