/**
 * Writes `.vite/page-chunks.json` beside Vite's manifest: for each page module of src/app/routes, the file of
 * the chunk it was bundled into. The manifest names a chunk by its source only when the module is the chunk's
 * facade; Rollup puts a page into a shared chunk without one when a lazily loaded part of the page imports
 * from it (the members and documents pages), and the manifest then names it by its output file alone. The
 * site follows the manifest from this file (site/console-page.ts) to preload each page's chunks.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const PAGE_CHUNKS_FILE = '.vite/page-chunks.json';

export function pageChunks(root: string): Plugin {
  const routes = path.join(root, 'src', 'app', 'routes') + path.sep;
  return {
    name: 'cloudsign-page-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files: Record<string, string> = {};
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isDynamicEntry)
          for (const id of chunk.moduleIds)
            if (id.startsWith(routes))
              files[path.relative(root, id).split(path.sep).join('/')] = chunk.fileName;
      this.emitFile({
        type: 'asset',
        fileName: PAGE_CHUNKS_FILE,
        source: `${JSON.stringify(files, null, 1)}\n`,
      });
    },
  };
}
