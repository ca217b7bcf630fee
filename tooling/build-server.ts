/**
 * `npm start`'s server build: the server's TypeScript (and the shared contract) bundled into one ES module,
 * apps/server/dist/main.mjs, so a start loads one file instead of transforming ~300 sources through tsx
 * (a third of a warm restart's CPU time went to tsx, its source maps and per-file package lookups).
 * Libraries stay in node_modules (external): some ship WASM or native code beside their JavaScript.
 * esbuild takes a fraction of a second, so the bundle is made on every start and can never be stale.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.mjs');

/**
 * Each source keeps its own `import.meta.url` (migrations, page templates and the console's dist are found
 * relative to the file that names them), as when it runs unbundled.
 */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\/(apps\/server|packages\/contract)\/src\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: 'ts',
      };
    });
  },
};

/** Bare imports are libraries (external); the workspace's own packages are bundled like relative files. */
const librariesExternal: Plugin = {
  name: 'libraries-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cloudsign/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(outfile = SERVER_BUNDLE): Promise<void> {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // No source map: names are kept and each file's code follows a `// apps/server/src/…` comment, so a stack
    // trace reads without one, and loading a map would cost every start.
    plugins: [ownImportMetaUrl, librariesExternal],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
