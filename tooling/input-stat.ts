/**
 * The cheap freshness check of `npm start`'s builds: each input's path, size and mtime, one per line. Equal
 * lines mean no input was touched since the last build, so the build can be skipped without reading a byte.
 */
import { statSync } from 'node:fs';
import path from 'node:path';

/** `path\tsize\tmtime` of each file (relative to `root`), one per line; throws when a file is gone. */
export const inputsStat = (root: string, files: readonly string[]) =>
  files
    .map((f) => {
      const st = statSync(path.join(root, f));
      return `${f}\t${st.size}\t${st.mtimeMs}`;
    })
    .join('\n');
