/**
 * `npm start`'s builds, side by side: the console's (Vite, tooling/build-console.ts, in a process of its own)
 * while this process makes the server's bundle and the embedded database's template (tooling/build-server.ts).
 * Neither needs the other, and one after the other they left a core idle for most of a fresh clone's start
 * (Vite, esbuild and PGlite's initdb each keep about one core busy). The built console is copied beside the
 * bundle once both are done. Each build still runs only when its inputs changed, so a restart costs two checks.
 * Either failing fails the start, with its own message above.
 * package.json runs this with `--liftoff-only`, as it runs the server, for the template's PGlite: without it V8
 * also optimises PostgreSQL's WebAssembly in the background, which made the template cost 4.6–4.9 s of CPU and
 * 0.95 GB of memory against 3.3–3.9 s and 0.43 GB (measured side by side, load 8–9).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import {
  buildServer,
  ensurePgliteTemplate,
  isServerBundleFresh,
  syncConsole,
} from './build-server.ts';

const consoleBuild = spawn(
  process.execPath,
  [fileURLToPath(new URL('build-console.ts', import.meta.url))],
  { stdio: 'inherit' },
);
const consoleExit = once(consoleBuild, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

try {
  if (process.env.SERVER_BUILD === 'always' || !isServerBundleFresh()) await buildServer();
  await ensurePgliteTemplate();
} catch (error) {
  consoleBuild.kill('SIGTERM');
  throw error;
}
const [code, signal] = await consoleExit;
if (code !== 0) {
  console.error(`console: the build failed (${signal ?? `exit ${code}`})`);
  process.exit(code ?? 1);
}
syncConsole();
