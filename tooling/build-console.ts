/**
 * `npm start`'s console build: Vite runs only when the console's inputs changed since the build in dist
 * (a hash of every input file is kept beside the build), so a restart costs the server's start alone.
 * A dist without the console's sources beside it (a deployed, prebuilt dist) is never rebuilt;
 * CONSOLE_BUILD=never skips the check, CONSOLE_BUILD=always forces a build.
 * Both of the console's bundles (the browser's, then the first-screen renderer's) are built in this one
 * process, as `npm run build`'s two `vite build` commands build them: one Node and one Vite start instead of
 * npm's and two of each (about a second of a fresh clone's start on two cores).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsStat } from './input-stat.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = process.env.CONSOLE_DIST_DIR ?? path.join(root, 'apps/console/dist');
const stampFile = path.join(dist, '.inputs-sha256');
/** Every input's path, size and mtime at the last check: unchanged means the hash cannot have changed. */
const statsFile = path.join(dist, '.inputs-stat');
/** What the bundle is made of: the console, the shared contract, the build config and the locked libraries. */
const INPUTS = [
  'apps/console/src',
  'apps/console/index.html',
  'apps/console/public',
  'apps/console/vite.config.ts',
  'apps/console/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];
const SKIP = /(\.test\.tsx?|\.spec\.tsx?|test-setup\.ts)$/;

function listFiles(rel: string): string[] {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => listFiles(path.posix.join(rel, e.name)))
    .filter((f) => !SKIP.test(f));
}

function inputsHash(files: string[]) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const mode = process.env.CONSOLE_BUILD ?? 'auto';
const hasSources = existsSync(path.join(root, 'apps/console/src'));
const hasBuild = existsSync(path.join(dist, 'index.html'));
if (mode === 'never' || (!hasSources && hasBuild)) process.exit(0);

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
const files = INPUTS.flatMap(listFiles);
// Cheap (stat only): reading and hashing every input took seconds on a busy machine, on every start.
const stat = inputsStat(root, files);
if (mode !== 'always' && hasBuild && read(statsFile) === stat && read(stampFile) !== '') {
  console.log('console: dist is up to date (no input file touched since the last check)');
  process.exit(0);
}
// Touched files (a checkout, a branch switch) may still hold the same bytes: the hash decides.
const hash = inputsHash(files);
if (mode !== 'always' && hasBuild && read(stampFile) === hash) {
  writeFileSync(statsFile, `${stat}\n`);
  console.log('console: dist is up to date (its sources have not changed)');
  process.exit(0);
}
// Loaded only to build: an up-to-date dist does not pay for Vite.
const { build } = await import('vite');
const configFile = path.join(root, 'apps/console/vite.config.ts');
// In this order: the browser's build empties dist, the renderer's is written into dist/server. No gzip of
// each chunk just to print its size (the build's own .gz copies are precompress's, unaffected).
await build({ configFile, build: { reportCompressedSize: false } });
await build({ configFile, build: { ssr: 'src/entry-server.tsx', reportCompressedSize: false } });
writeFileSync(stampFile, `${hash}\n`);
writeFileSync(statsFile, `${stat}\n`);
