/**
 * Finishes or removes what dead processes left in the staging folder: temp files
 * of interrupted writes go; a staged file goes to its key when its row was committed before the crash, else
 * it goes too. Live processes' folders are never touched.
 */
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { STAGING_DIR } from './storage.ts';

const isMissing = (e: unknown) => (e as { code?: string }).code === 'ENOENT';

export async function sweepDeadStaging(
  root: string,
  liveTags: ReadonlySet<string>,
  isCommitted: (key: string) => Promise<boolean>,
): Promise<{ removed: number; promoted: number }> {
  const base = path.resolve(root, 'files');
  const stagingRoot = path.join(base, STAGING_DIR);
  let tags: string[];
  try {
    tags = await readdir(stagingRoot);
  } catch (e) {
    if (isMissing(e)) return { removed: 0, promoted: 0 };
    throw e;
  }
  let removed = 0;
  let promoted = 0;
  for (const tag of tags.filter((t) => !liveTags.has(t))) {
    const dir = path.join(stagingRoot, tag);
    let names: string[] = [];
    try {
      names = await readdir(dir);
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      const key = name.replaceAll('~', '/');
      if (!name.endsWith('.part') && (await isCommitted(key))) {
        const target = path.join(base, key);
        await mkdir(path.dirname(target), { recursive: true });
        // Another instance sweeping the same dead folder may have moved it first.
        try {
          await rename(file, target);
          promoted += 1;
        } catch (e) {
          if (!isMissing(e)) throw e;
        }
      } else {
        const existed = await stat(file).then(
          () => true,
          () => false,
        );
        await rm(file, { force: true });
        if (existed) removed += 1;
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
  return { removed, promoted };
}
