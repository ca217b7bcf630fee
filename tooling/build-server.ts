/**
 * `npm start`'s server build: the server's TypeScript (and the shared contract) bundled into one ES module,
 * apps/server/dist/main.mjs, so a start loads one file instead of transforming ~300 sources through tsx
 * (a third of a warm restart's CPU time went to tsx, its source maps and per-file package lookups).
 * Most libraries are bundled too (KEEP_EXTERNAL below names those that stay in node_modules, and why).
 * `main.mjs` itself is a two-line entry that turns on Node's compile cache (dist/.compile-cache) and then loads the
 * bundle, `server.mjs`: the cache must be on before the libraries load, which a bundle's hoisted imports would
 * not allow. With it a warm restart reuses V8's compiled code of the ~700 library modules instead of compiling
 * them again (a third of the start's CPU time, measured).
 * The bundle is made again only when one of the files it was made from changed (size or mtime, kept beside it
 * from esbuild's metafile): a restart then costs a stat of each source, not the 0.5 s of a build. A new source
 * file can only enter through an import, which changes an existing one. SERVER_BUILD=always forces a build.
 * What the server reads at run time is copied beside the bundle, and the bundle finds it relative to itself
 * (apps/server/src/lib/app-files.ts): the migrations (drizzle/), the page templates (templates/), the embedded
 * database's template (pglite-template/ and pglite-template.tgz) and the built console (console/, copied again
 * whenever Vite built it again). No source path of the build machine is in the bundle, so apps/server/dist runs
 * wherever it is copied, with the production node_modules reachable from it (the libraries KEEP_EXTERNAL names).
 */
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { inputsStat } from './input-stat.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.mjs');
/** The bundles esbuild writes beside `main.mjs`: the server, and the demo seed's worker thread (a file of its own). */
const BUNDLES = {
  server: 'apps/server/src/main.ts',
  'pdf-worker': 'apps/server/src/seed/pdf-worker.ts',
} as const;
const bundlesOf = (entry: string) =>
  Object.keys(BUNDLES).map((name) => path.join(path.dirname(entry), `${name}.mjs`));

const ENTRY = `// Written by tooling/build-server.ts: compiled code of the server and its libraries is kept between starts.
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';
enableCompileCache(fileURLToPath(new URL('.compile-cache/', import.meta.url)));
await import('./server.mjs');
`;

/** Folders the server reads at run time, copied beside the bundle under these names (lib/app-files.ts). */
const COPIED_BESIDE = [
  { from: 'apps/server/drizzle', to: 'drizzle' },
  { from: 'apps/server/src/site/templates', to: 'templates' },
] as const;
const CONSOLE_DIST = path.join(root, 'apps/console/dist');
const CONSOLE_STAMP = '.inputs-sha256';

/** Every file under `rel` (relative to the root), and the folders themselves: adding or removing a file changes them. */
function treeOf(rel: string): string[] {
  return [
    rel,
    ...readdirSync(path.join(root, rel), { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((e) =>
        e.isDirectory() ? treeOf(path.posix.join(rel, e.name)) : [path.posix.join(rel, e.name)],
      ),
  ];
}

/** Replaces `target` with a copy of `source`, made under another name first so no start reads half of it. */
function copyFolder(source: string, target: string) {
  const staging = `${target}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(source, staging, { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
}

/**
 * The built console beside the bundle, copied again when Vite built it again (its inputs' hash, written by
 * tooling/build-console.ts, differs from the copy's, or a build made without it). Without a console build there
 * is nothing to copy.
 */
export function syncConsole(outfile = SERVER_BUNDLE, consoleDist = CONSOLE_DIST): void {
  if (!existsSync(consoleDist)) return;
  const stamp = path.join(consoleDist, CONSOLE_STAMP);
  const target = path.join(path.dirname(outfile), 'console');
  const copied = path.join(target, CONSOLE_STAMP);
  // A build without the stamp (`npm run build`, Vite alone) is copied every time: an older copy would be served.
  const isSame =
    existsSync(stamp) &&
    existsSync(copied) &&
    readFileSync(copied, 'utf8') === readFileSync(stamp, 'utf8');
  if (!isSame) copyFolder(consoleDist, target);
}

/**
 * Libraries that stay in node_modules, loaded by Node as they are: code beside files it reads at run time
 * (PGlite's WebAssembly and data, argon2's native addon, the API reference's static files, pino's worker), an
 * optional native driver that is not installed, and the libraries the server imports only when first used
 * (bundled, they would be loaded with the bundle). Every other library is bundled into server.mjs: resolving
 * ~500 modules through their package.json files cost about half a second of every start.
 */
const KEEP_EXTERNAL = [
  '@electric-sql/pglite',
  'argon2',
  '@fastify/swagger-ui',
  '@fastify/static',
  'pino',
  'thread-stream',
  'pg-native',
  'pdf-lib',
  '@node-saml/node-saml',
  '@xmldom/xmldom',
  'nodemailer',
  'pino-pretty',
  // Its CRC-32 is replaced by node:zlib's in the module object it requires (lib/zip/native-crc32.ts).
  'yazl',
];
const isKeptExternal = (specifier: string) =>
  KEEP_EXTERNAL.some((name) => specifier === name || specifier.startsWith(`${name}/`));

const librariesExternal: Plugin = {
  name: 'libraries-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      isKeptExternal(args.path) || args.path.startsWith('node:')
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

const statFileOf = (outfile: string) => path.join(path.dirname(outfile), '.inputs-stat');

const statOf = (files: readonly string[]) => inputsStat(root, files);

/** Whether the bundle was made from exactly the files as they are now. */
export function isServerBundleFresh(outfile = SERVER_BUNDLE): boolean {
  const statFile = statFileOf(outfile);
  if (![outfile, ...bundlesOf(outfile), statFile].every((f) => existsSync(f))) return false;
  const saved = readFileSync(statFile, 'utf8').trim();
  if (saved === '') return false;
  try {
    return statOf(saved.split('\n').map((line) => line.split('\t')[0]!)) === saved;
  } catch {
    return false;
  }
}

export async function buildServer(outfile = SERVER_BUNDLE): Promise<void> {
  // Loaded only to build: a fresh bundle's start does not pay for esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    metafile: true,
    entryPoints: Object.fromEntries(
      Object.entries(BUNDLES).map(([name, source]) => [name, path.join(root, source)]),
    ),
    outdir: path.dirname(outfile),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // No source map: names are kept and each file's code follows a `// apps/server/src/…` comment, so a stack
    // trace reads without one, and loading a map would cost every start.
    plugins: [librariesExternal],
    // Bundled CommonJS libraries call require() for Node's own modules, which an ES module does not have.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  writeFileSync(outfile, ENTRY);
  for (const { from, to } of COPIED_BESIDE)
    copyFolder(path.join(root, from), path.join(path.dirname(outfile), to));
  // The build's own recipe and the locked esbuild are inputs too, and the copied folders.
  // Libraries are covered by the lock file: stat only our own sources.
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')),
    ...COPIED_BESIDE.flatMap(({ from }) => treeOf(from)),
    'tooling/build-server.ts',
    'package-lock.json',
  ];
  writeFileSync(statFileOf(outfile), `${statOf(inputs)}\n`);
}

/** The migrated database a new embedded data folder starts from, made again when the migrations change. */
export async function ensurePgliteTemplate(): Promise<void> {
  const { areTemplatesCurrent } = await import('../apps/server/src/db/pglite-template.ts');
  if (areTemplatesCurrent()) return;
  const { writeTemplate } = await import('../apps/server/src/db/pglite-template-writer.ts');
  await writeTemplate();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.env.SERVER_BUILD === 'always' || !isServerBundleFresh()) await buildServer();
  await ensurePgliteTemplate();
  syncConsole();
}
