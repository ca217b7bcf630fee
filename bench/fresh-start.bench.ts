/**
 * A newcomer's first `npm start` on a fresh clone (issue 36: ≤ 12 s to the login page, idle ≤ 250 MiB after it).
 * Each round makes a new copy of the committed tree (`git archive HEAD`) with the repository's installed
 * node_modules hard-linked beside it (what `npm ci` would have put there; its time is not counted), then runs
 * `npm start`'s own command in it on an empty data folder: the console build, the server bundle, the
 * migrations and the demo seed, timed from spawn to the first 200 of the site's `GET /login`. The server's RSS
 * 15 s later is the idle memory after a first start. The ceiling, alternating round by round, is a bare Node
 * HTTP server on the same Node.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { interleave, percentile, spreadNote } from './lib/measure.ts';
import { mib, rssOf } from './lib/rss.ts';
import type { Benchmark } from './lib/types.ts';
import { stopChild } from './lib/stop-child.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PORT = 4320;
const IDLE_WAIT_MS = 15_000;

const START = [
  `"${process.execPath}" tooling/build-console.ts`,
  `"${process.execPath}" tooling/build-server.ts`,
  `exec "${process.execPath}" --liftoff-only --max-semi-space-size=2 apps/server/dist/main.mjs`,
].join(' && ');
const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(${PORT})`;

/** The committed tree in a new folder, node_modules hard-linked (cp -al keeps npm's relative links relative). */
function freshClone(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-fresh-'));
  const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD'], {
    cwd: repoRoot,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  execFileSync('cp', ['-al', path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules')]);
  // Hard links share their bytes with the repository's files: no tool may write into a cache through them.
  for (const cache of ['.cache', '.vite'])
    rmSync(path.join(dir, 'node_modules', cache), { recursive: true, force: true });
  // Caches a clone has not got yet (the compile cache, the build stamps) live in dist folders git ignores.
  rmSync(path.join(dir, 'apps/server/dist'), { recursive: true, force: true });
  rmSync(path.join(dir, 'apps/console/dist'), { recursive: true, force: true });
  return dir;
}

type Started = { ms: number; child: ChildProcess };

async function startAndWait(cwd: string, command: string[], env: NodeJS.ProcessEnv, url: string) {
  const t0 = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited at start: ${stderr}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { ms: performance.now() - t0, child } satisfies Started;
    if (performance.now() - t0 > 300_000) {
      child.kill('SIGKILL');
      throw new Error(`no answer within 300 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function productEnv(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: path.join(dir, '.data'),
    PORT: String(PORT),
    API_PORT: String(PORT + 1),
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'CONSOLE_DIST_DIR', 'CONSOLE_BUILD', 'SERVER_BUILD'])
    delete env[name];
  return env;
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

export const benchmarks: Benchmark[] = [
  {
    name: 'start: a fresh clone to the login page (both builds, migrations, demo seed)',
    target: '≤ 12 s; idle ≤ 250 MiB after it',
    run: async (ctx) => {
      const dirs: string[] = [];
      const idle: number[] = [];
      const settle = async (s: Started, keepRss: boolean) => {
        try {
          await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
          if (keepRss) idle.push(rssOf(s.child.pid));
          return [s.ms];
        } finally {
          await stopChild(s.child);
        }
      };
      try {
        const r = await interleave({
          rounds: 3,
          figure: async () => {
            const dir = freshClone();
            dirs.push(dir);
            mkdirSync(path.join(dir, '.data'));
            ctx.log(`fresh clone in ${dir}`);
            const s = await startAndWait(
              dir,
              ['sh', '-c', START],
              productEnv(dir),
              `http://127.0.0.1:${PORT}/login`,
            );
            return settle(s, true);
          },
          ceiling: async () => {
            const s = await startAndWait(
              repoRoot,
              [process.execPath, '-e', BARE],
              process.env,
              `http://127.0.0.1:${PORT}/`,
            );
            return settle(s, false);
          },
        });
        const figure = median(r.figure);
        const idleMib = mib(median(idle));
        return {
          figure: Math.round(figure),
          ceiling: Math.round(median(r.ceiling)),
          unit: 'ms',
          pass: figure <= 12_000 && idleMib <= 250,
          note:
            `idle ${idleMib} MiB 15 s after (rounds ${idle.map(mib).join(' / ')} MiB); ` +
            `median of ${r.figure.length} rounds; ${spreadNote(r.ratios)}; load ${os.loadavg()[0]!.toFixed(2)}`,
        };
      } finally {
        for (const d of dirs) rmSync(d, { recursive: true, force: true });
      }
    },
  },
];
