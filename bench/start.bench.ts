/**
 * Starting the product as a newcomer does (`npm start`: the console build check, the server bundle check,
 * then the server with every role on PGlite in DATA_DIR), timed from spawn to the first 200 of `/healthz`.
 * - warm restart: the same data folder again (console and server unchanged);
 * - first start: an empty data folder (migrations and the demo seed included);
 * - idle memory: the server's RSS 15 s after it answered, on the warm folder.
 * The ceiling of each, alternating with it round by round, is a bare Node HTTP server on the same Node: the
 * least any Node service pays to start and to sit idle on this machine at this moment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { interleave, spreadNote } from './lib/measure.ts';
import { mib, rssOf } from './lib/rss.ts';
import type { Benchmark, BenchResult } from './lib/types.ts';
import { stopChild } from './lib/stop-child.ts';
import {
  bareServer,
  median,
  npmStart,
  productEnv,
  startAndWait,
  type Started,
} from './lib/npm-start.ts';

const PORT = 4310;
const IDLE_WAIT_MS = 15_000;
const load = () => os.loadavg()[0]!.toFixed(2);
const HEALTHZ = `http://127.0.0.1:${PORT + 1}/healthz`;

const product = (dataDir: string) =>
  startAndWait({ command: npmStart().command, env: productEnv(dataDir, PORT), url: HEALTHZ });
/** A Node process that answers /healthz and nothing else. */
const bare = () => startAndWait({ command: bareServer(PORT + 1), env: process.env, url: HEALTHZ });

/** One timing per round (the statistic of one sample is the sample). */
async function timed(run: () => Promise<Started>, after?: (s: Started) => Promise<number>) {
  const s = await run();
  try {
    return [after ? await after(s) : s.ms];
  } finally {
    await stopChild(s.child);
  }
}

function row(
  r: { figure: number[]; ceiling: number[]; ratios: number[] },
  limit: number,
  unit: string,
  note: string,
): BenchResult {
  const figure = median(r.figure);
  const ceiling = median(r.ceiling);
  return {
    figure: unit === 'MiB' ? mib(figure) : Math.round(figure),
    ceiling: unit === 'MiB' ? mib(ceiling) : Math.round(ceiling),
    unit,
    pass: figure <= limit,
    note: `${note}; median of ${r.figure.length} rounds; ${spreadNote(r.ratios)}; load ${load()}`,
  };
}

/** A data folder that has been started once, so the timed starts are restarts. */
async function warmFolder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  try {
    await timed(() => product(dir));
  } catch (error) {
    // The row fails with the start's error; its folder is not left behind.
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'start: npm start, warm restart to /healthz (PGlite, every role)',
    target: '≤ 3 s',
    run: async () => {
      const dir = await warmFolder();
      try {
        const r = await interleave({
          figure: () => timed(() => product(dir)),
          ceiling: () => timed(bare),
        });
        return row(r, 3000, 'ms', 'console and server unchanged, the data folder started before');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'start: npm start on an empty data folder (migrations and demo seed)',
    target: '≤ 10 s',
    run: async () => {
      const dirs: string[] = [];
      try {
        const r = await interleave({
          rounds: 3,
          figure: () => {
            const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-first-'));
            dirs.push(dir);
            return timed(() => product(dir));
          },
          ceiling: () => timed(bare),
        });
        return row(r, 10_000, 'ms', 'a new DATA_DIR each round, SEED=auto (the demo companies)');
      } finally {
        for (const d of dirs) rmSync(d, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'start: idle memory of the server 15 s after /healthz (PGlite, every role)',
    target: '≤ 300 MiB RSS',
    run: async () => {
      const dir = await warmFolder();
      const idleRss = async (s: Started) => {
        await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
        return rssOf(s.child.pid);
      };
      try {
        const r = await interleave({
          rounds: 3,
          figure: () => timed(() => product(dir), idleRss),
          ceiling: () => timed(bare, idleRss),
        });
        return row(r, 300 * 1024 * 1024, 'MiB', 'VmRSS of the server process');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
