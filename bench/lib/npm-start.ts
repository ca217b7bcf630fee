/**
 * The start benches' shared parts (start.bench.ts, fresh-start.bench.ts): `npm start`'s own command, read from
 * package.json so a bench never times a copy that has drifted from it, the product's environment, and the
 * loop that times a process from spawn to the first 200 of a URL.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './measure.ts';
import { assertNothingAnswers } from './port-free.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm start`'s script as `sh -c` runs it (as npm does), in `cwd`'s package.json, with the Node that runs the
 * benchmark first on PATH: `node` in the script is this Node, without npm's own start in the timing.
 */
export function npmStart(cwd = repoRoot): { command: string[]; path: string } {
  const pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return {
    command: ['sh', '-c', pkg.scripts.start],
    path: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  };
}

/**
 * `npm start`'s two steps, read from its script (`<build> && exec node <flags> apps/server/dist/main.mjs`): the
 * build command, and the flags the server runs with.
 */
export function npmStartSteps(cwd = repoRoot): { build: string; serverFlags: string[] } {
  const script = npmStart(cwd).command[2]!;
  const m = /^(.*?)\s*&&\s*exec node (.*?)\s*apps\/server\/dist\/main\.mjs\s*$/.exec(script);
  if (!m)
    throw new Error(
      `npm start's script is not "<build> && exec node <flags> apps/server/dist/main.mjs": ${script}`,
    );
  return { build: m[1]!, serverFlags: m[2]!.split(/\s+/).filter(Boolean) };
}

let built = false;
/** Runs `npm start`'s build step once per benchmark run: the bundle a row starts must be the tree's. */
export function buildAsNpmStart(): void {
  if (built) return;
  const run = spawnSync('sh', ['-c', npmStartSteps().build], {
    cwd: repoRoot,
    env: { ...process.env, PATH: npmStart().path },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`npm start's build step failed (${run.status})`);
  built = true;
}

/** A bare Node HTTP server on `port`: the least any Node service pays to start and to sit idle. */
export const bareServer = (port: number) => [
  process.execPath,
  '-e',
  `require('node:http').createServer((q, s) => s.end('ok')).listen(${port})`,
];

/**
 * The product as a newcomer's `npm start` runs it: production, every role on PGlite in `dataDir` (no
 * DATABASE_URL), none of the build switches a developer may have set.
 */
export function productEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: npmStart().path,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    API_PORT: String(port + 1),
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'CONSOLE_DIST_DIR', 'CONSOLE_BUILD', 'SERVER_BUILD'])
    delete env[name];
  return env;
}

export type Started = { ms: number; child: ChildProcess };

/** Spawns `command` and answers once `url` answers 200: the time since spawn, and the process (still running). */
export async function startAndWait(opts: {
  command: string[];
  env: NodeJS.ProcessEnv;
  url: string;
  cwd?: string;
  timeoutMs?: number;
  pollMs?: number;
}): Promise<Started> {
  const { command, timeoutMs = 180_000, pollMs = 20 } = opts;
  await assertNothingAnswers(opts.url);
  const t0 = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: opts.cwd ?? repoRoot,
    env: opts.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited at start: ${stderr}`);
    const ok = await fetch(opts.url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { ms: performance.now() - t0, child };
    if (performance.now() - t0 > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`no answer from ${opts.url} within ${timeoutMs / 1000} s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** The median (nearest rank) of a few rounds' figures. */
export const median = (xs: readonly number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
