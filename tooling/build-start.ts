/**
 * `npm start`'s builds, side by side: the console's (Vite, tooling/build-console.ts, in a process of its own)
 * while this process makes the server's bundle and the embedded database's template (tooling/build-server.ts).
 * Neither needs the other, and one after the other they left a core idle for most of a fresh clone's start
 * (Vite, esbuild and PGlite's initdb each keep about one core busy). The built console is copied beside the
 * bundle once both are done. Each build still runs only when its inputs changed, so a restart costs two checks.
 * Either failing fails the start, with its own message above.
 * On a first start (no PostgreSQL configured, no embedded database in DATA_DIR yet) the server's own preparing
 * process (apps/server/src/first-start.ts: the template restored, pg-boss's schema, the keys, the demo seed) also
 * runs here, once the bundle is made and while Vite still builds: the seed keeps one core busy for several seconds,
 * which the server used to spend before it listened, with the other core idle. The server then opens the database
 * as on a restart. Settings the server would refuse are left to it to say.
 * package.json runs this with `--liftoff-only`, as it runs the server, for the template's PGlite: without it V8
 * also optimises PostgreSQL's WebAssembly in the background, which made the template cost 4.6–4.9 s of CPU and
 * 0.95 GB of memory against 3.3–3.9 s and 0.43 GB (measured side by side, load 8–9).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { PREPARE_DATABASE_ENV, isNewEmbeddedDatabase } from '../apps/server/src/db/new-database.ts';
import {
  SERVER_BUNDLE,
  buildServer,
  ensurePgliteTemplate,
  isServerBundleFresh,
  syncConsole,
} from './build-server.ts';

type Exit = Promise<[number | null, NodeJS.Signals | null]>;

/** Whether this start makes a new embedded database; settings the server would refuse: no (it says why). */
function isFirstStart(): boolean {
  try {
    return isNewEmbeddedDatabase(parseEnv(process.env));
  } catch {
    return false;
  }
}

/** The server's preparing process on the new bundle, with a channel: it stops if this process dies. */
function prepareDatabase(): Exit {
  const child = spawn(process.execPath, [...process.execArgv, SERVER_BUNDLE], {
    env: { ...process.env, [PREPARE_DATABASE_ENV]: '1' },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  return once(child, 'exit') as Exit;
}

const consoleBuild = spawn(
  process.execPath,
  [fileURLToPath(new URL('build-console.ts', import.meta.url))],
  { stdio: 'inherit' },
);
const consoleExit = once(consoleBuild, 'exit') as Exit;

try {
  if (process.env.SERVER_BUILD === 'always' || !isServerBundleFresh()) await buildServer();
  await ensurePgliteTemplate();
} catch (error) {
  consoleBuild.kill('SIGTERM');
  throw error;
}
const prepared = isFirstStart() ? prepareDatabase() : null;
const [code, signal] = await consoleExit;
if (code !== 0) {
  console.error(`console: the build failed (${signal ?? `exit ${code}`})`);
  process.exit(code ?? 1);
}
syncConsole();
if (prepared) {
  // The preparing process printed why it failed; the server would fail the same way on this folder.
  const [prepareCode, prepareSignal] = await prepared;
  if (prepareCode !== 0) {
    console.error(
      `新しいデータベースの作成に失敗しました（${prepareSignal ?? `終了コード ${prepareCode}`}）`,
    );
    process.exit(prepareCode ?? 1);
  }
}
