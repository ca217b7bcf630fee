/**
 * A newcomer's first `npm start` on a fresh clone (issue 36: ≤ 12 s to the login page, idle ≤ 250 MiB after it).
 * Each round makes a new copy of the committed tree (`git archive HEAD`) with the repository's installed
 * node_modules hard-linked beside it (what `npm ci` would have put there; its time is not counted), then runs
 * `npm start`'s own command in it on an empty data folder: the console build, the server bundle, the
 * migrations and the demo seed, timed from spawn to the first 200 of the site's `GET /login`. The server's RSS
 * 15 s later is the idle memory after a first start. The ceiling, alternating round by round, is a bare Node
 * HTTP server on the same Node.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { interleave, spreadNote } from './lib/measure.ts';
import { mib, rssOf } from './lib/rss.ts';
import type { Benchmark } from './lib/types.ts';
import { stopChild } from './lib/stop-child.ts';
import {
  bareServer,
  median,
  npmStart,
  productEnv,
  startAndWait,
  type Started,
} from './lib/npm-start.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PORT = 4320;
const IDLE_WAIT_MS = 15_000;

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
            // The clone's own `npm start` (its package.json), as a newcomer runs it.
            const s = await startAndWait({
              cwd: dir,
              command: npmStart(dir).command,
              env: productEnv(path.join(dir, '.data'), PORT),
              url: `http://127.0.0.1:${PORT}/login`,
              timeoutMs: 300_000,
              pollMs: 50,
            });
            return settle(s, true);
          },
          ceiling: async () => {
            const s = await startAndWait({
              command: bareServer(PORT),
              env: process.env,
              url: `http://127.0.0.1:${PORT}/`,
              timeoutMs: 300_000,
              pollMs: 50,
            });
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
