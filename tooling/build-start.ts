/**
 * `npm start`'s builds, side by side: the console's (Vite, tooling/build-console.ts, in a process of its own)
 * while this process makes the server's bundle and the embedded database's template (tooling/build-server.ts).
 * Neither needs the other, and one after the other they left a core idle for most of a fresh clone's start
 * (Vite, esbuild and PGlite's initdb each keep about one core busy). The built console is copied beside the
 * bundle once both are done. Each build still runs only when its inputs changed, so a restart costs two checks.
 * Either failing fails the start, with its own message above.
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
