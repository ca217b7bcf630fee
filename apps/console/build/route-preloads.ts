/**
 * Writes `route-preloads.json` beside index.html: for each route of the route table, the chunks its page needs
 * beyond the entry's own. The site lists them as `<link rel="modulepreload">` in the index.html it serves for
 * that URL, so a cold page downloads its route chunk while the entry's modules download, instead of after they
 * have run (the first paint's longest wait).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export type RoutePreload = { path: string; files: string[] };

/**
 * Each route's path and the file of its page module, read from the route table's source. The build fails
 * when an entry has no `path` or no `import('./routes/…')`, so a new route cannot silently lose its preload.
 */
export function routeModulesOf(source: string): { path: string; module: string }[] {
  const start = source.indexOf('export const ROUTES');
  if (start < 0) throw new Error('route-table.ts: ROUTES が見つかりません。');
  const entries = source
    .slice(start)
    .split(/\n\s*\{\n/)
    .slice(1);
  return entries.map((entry) => {
    const routePath = /\bpath: '([^']+)'/.exec(entry)?.[1];
    const module = /import\('\.\/(routes\/[^']+)'\)/.exec(entry)?.[1];
    if (!routePath || !module)
      throw new Error(`route-table.ts: path と import の組が読めません: ${entry.slice(0, 120)}`);
    return { path: routePath, module };
  });
}

/** The chunk files a dynamic entry pulls in by static import, itself first, without those of `loaded`. */
function chunkClosure(bundle: OutputBundle, chunk: OutputChunk, loaded: Set<string>): string[] {
  const files: string[] = [];
  const visit = (fileName: string) => {
    if (loaded.has(fileName) || files.includes(fileName)) return;
    const c = bundle[fileName];
    if (c?.type !== 'chunk') return;
    files.push(fileName);
    c.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return files;
}

export function routePreloads(routeTableFile: string): Plugin {
  return {
    name: 'cloudsign-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route-preloads: 入口のチャンクがありません。');
      // What index.html loads already (the entry and Vite's own modulepreloads of its static imports).
      const loaded = new Set(chunkClosure(bundle, entry, new Set()));
      const routesDir = path.dirname(routeTableFile);
      const preloads: RoutePreload[] = routeModulesOf(readFileSync(routeTableFile, 'utf8')).map(
        (route) => {
          const moduleId = path.join(routesDir, route.module);
          // The chunk the route's import() loads: the route module's own, or the shared one Rollup put it in
          // (then without a facade, when a lazily loaded part of the page imports from the same chunk).
          const chunk =
            chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === moduleId) ??
            chunks.find((c) => c.isDynamicEntry && c.moduleIds.includes(moduleId));
          if (!chunk) throw new Error(`route-preloads: ${route.module} のチャンクがありません。`);
          return { path: route.path, files: chunkClosure(bundle, chunk, loaded) };
        },
      );
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 1)}\n`,
      });
    },
  };
}
