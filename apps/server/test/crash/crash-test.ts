/**
 * Crash consistency script: `npm run crash-test -- [--rounds N] [--db pglite|postgres|both]`.
 * N kills (default 20) spread over runs of every kind on every database: each run prepares one piece of
 * work (member bulk execution, member export, document import, classification backfill, or a session of
 * audited member, cabinet and bulk writes) in a fresh
 * company, starts a child process on it and kills it with SIGKILL at a random point, two or three times,
 * then restarts it and checks that the restarted child finished within RESTART_BOUND_MS (no waiting for a
 * job's expiry), the work was applied exactly once, every change has its audit event and every event its
 * change, each company's audit chain verifies, and no job or file was left behind. Runs alternate
 * between PGlite on disk (DATA_DIR) and PostgreSQL (a fresh database on 127.0.0.1:5432, dropped after).
 * Exits 1 on the first broken run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { parseEnv } from '../../src/config/env.ts';
import { closeDeps, createDeps } from '../../src/bootstrap.ts';
import type { AppDeps } from '../../src/deps.ts';
import { killWorker, startCrashWorker } from './crash-harness.ts';
import { KINDS, prepare, verify, type Kind, type Prepared, type Sizes } from './crash-scenarios.ts';
import { checkInvariants } from './crash-invariants.ts';
import { importBody } from './crash-pdf.ts';

const RESTART_BOUND_MS = 60_000;
const CHILD = path.join(import.meta.dirname, 'crash-child.ts');
// Large enough that each piece of work outlasts a kill's reaction time on a quiet machine too.
const SIZES: Sizes = {
  executeRows: 4000,
  exportMembers: 10_000,
  importFiles: 5,
  backfillDocuments: 40_000,
  auditedIterations: 24,
  downloadDocuments: 3000,
};
const ADMIN_URL = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    db: { type: 'string', default: 'both' },
    kinds: { type: 'string' },
  },
});
const kinds = args.kinds ? KINDS.filter((k) => args.kinds!.split(',').includes(k)) : [...KINDS];
const rounds = Number(args.rounds);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error('--rounds は1以上の整数で指定してください');

type Target = { name: 'pglite' | 'postgres'; dataDir: string; url?: string; deps?: AppDeps };

async function postgresTarget(): Promise<Target | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `crash_${Date.now()}_${process.pid}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name: 'postgres',
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'crash-pg-')),
    url: url.toString(),
  };
}

async function dropPostgres(t: Target) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(t.url!).pathname.slice(1)} with (force)`);
  await admin.end();
}

/** PGlite: one process at a time owns the folder, so the script opens it only between children. */
async function open(t: Target): Promise<AppDeps> {
  if (t.deps) return t.deps;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    SEED: 'off',
    LOG_LEVEL: 'silent',
    // The script's own setup and checks (tens of thousands of rows at once) are no API request.
    DB_STATEMENT_TIMEOUT_MS: '999999',
    ...(t.url ? { DATABASE_URL: t.url } : {}),
  });
  const deps = await createDeps(env, {
    logger: pino({ level: 'silent' }),
    mailer: { outboxDir: null, send: async () => {} },
  });
  if (t.name === 'postgres') t.deps = deps;
  return deps;
}
const release = async (t: Target, deps: AppDeps) => {
  if (t.name === 'pglite') await closeDeps(deps);
};

const importBytes = (files: number) =>
  importBody('00000000-0000-0000-0000-000000000000', files).payload.length;

/** Typical time of the work in each (database, kind), from the restarts so far: kills are spread over it. */
const typicalMs = new Map<string, number>();

/** The kill point: a random share of the progress, or a random moment of the work's typical duration. */
async function killSomewhere(t: Target, kind: Kind, p: Prepared, env: Record<string, string>) {
  const w = startCrashWorker(kind, p.arg, env, CHILD);
  await w.working;
  const workingAt = Date.now();
  const total = kind === 'import' ? importBytes(p.size) : p.size;
  // An import commits and renames its files only after its last byte: a third of its kills aim there.
  const isLate = kind === 'import' && Math.random() < 1 / 3;
  const target = isLate ? total - 64 * 1024 : 1 + Math.floor(Math.random() * (total - 1));
  // A session of audited writes reports every answered request: its random target is the kill point.
  const typical = typicalMs.get(`${t.name}/${kind}`) ?? (kind === 'audited-writes' ? 60_000 : 1200);
  const timer = new Promise((r) => setTimeout(r, isLate ? 60_000 : Math.random() * typical));
  await Promise.race([w.reached(target), w.exited, timer]);
  await new Promise((r) => setTimeout(r, Math.random() * (isLate ? 400 : 40)));
  const at = w.last();
  // Finished before the kill: the next kills of this kind aim within the time the work really took (a quiet
  // machine finishes a run well inside the first guess).
  if (at.status >= 6 && !isLate)
    typicalMs.set(
      `${t.name}/${kind}`,
      Math.min(typical, (w.finishedAt() ?? Date.now()) - workingAt),
    );
  killWorker(w.child);
  await w.exited;
  return { isMidRun: at.status < 6, at: at.processed, total };
}

/** What the restart runs when it is not the killed work again: it only has to leave everything settled. */
const RESTART_AS: Partial<Record<Kind, string>> = {
  import: 'recover',
  'audited-writes': 'audited-settle',
};

async function restart(t: Target, kind: Kind, p: Prepared, env: Record<string, string>) {
  const started = Date.now();
  const w = startCrashWorker(RESTART_AS[kind] ?? kind, p.arg, env, CHILD);
  const bound = setTimeout(() => killWorker(w.child), RESTART_BOUND_MS);
  await w.working.catch(() => {});
  const working = Date.now();
  const code = await w.exited;
  clearTimeout(bound);
  if (code !== 0)
    throw new Error(`restart did not finish within ${RESTART_BOUND_MS} ms (exit ${code})`);
  // A restart that only settles (not the killed work again) says nothing about the work's duration.
  if (!RESTART_AS[kind])
    typicalMs.set(
      `${t.name}/${kind}`,
      Math.min(typicalMs.get(`${t.name}/${kind}`) ?? Infinity, Date.now() - working),
    );
  return Date.now() - started;
}

async function main() {
  const targets: Target[] = [];
  if (args.db !== 'postgres')
    targets.push({ name: 'pglite', dataDir: mkdtempSync(path.join(os.tmpdir(), 'crash-pglite-')) });
  if (args.db !== 'pglite') {
    const t = await postgresTarget();
    if (t) targets.push(t);
    else console.log(`PostgreSQL (${ADMIN_URL}) does not answer: rounds run on PGlite only`);
  }
  if (targets.length === 0) throw new Error('no database to run on');
  const results: {
    run: number;
    db: string;
    kind: Kind;
    ms: number;
    restartMs: number;
    kills: number;
    midRun: number;
  }[] = [];
  // Twenty kills by default, spread over runs of every kind on every database (a run takes 2 or 3 kills).
  const runs = Math.min(rounds, kinds.length * targets.length);
  let failure: unknown = null;
  try {
    for (let run = 0; run < runs; run += 1) {
      const t = targets[run % targets.length]!;
      const kind = kinds[Math.floor(run / targets.length) % kinds.length]!;
      const kills = Math.floor(rounds / runs) + (run < rounds % runs ? 1 : 0);
      const began = Date.now();
      let deps = await open(t);
      const p = await prepare(deps, kind, run, SIZES);
      await release(t, deps);
      const setupMs = Date.now() - began;
      const env: Record<string, string> = {
        DATA_DIR: t.dataDir,
        ...(t.url ? { DATABASE_URL: t.url } : {}),
      };
      const points: string[] = [];
      let midRun = 0;
      for (let k = 0; k < kills; k += 1) {
        const kill = await killSomewhere(t, kind, p, env);
        if (kill.isMidRun) midRun += 1;
        points.push(kill.isMidRun ? `${kill.at}/${kill.total}` : 'after the end');
      }
      const restartMs = await restart(t, kind, p, env);
      deps = await open(t);
      try {
        const summary = await verify(deps, p);
        await checkInvariants(deps, t.dataDir);
        const ms = Date.now() - began;
        results.push({ run, db: t.name, kind, ms, restartMs, kills, midRun });
        console.log(
          `run ${String(run + 1).padStart(2)} ${t.name.padEnd(8)} ${kind.padEnd(14)} ${kills} kills at ${points.join(', ')}; ` +
            `restart finished in ${restartMs} ms; ${summary}; run ${ms} ms (setup ${setupMs} ms)`,
        );
      } finally {
        await release(t, deps);
      }
    }
  } catch (err) {
    failure = err;
  } finally {
    for (const t of targets) {
      if (t.deps) await closeDeps(t.deps);
      if (t.url) await dropPostgres(t);
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  }
  const mid = results.reduce((n, r) => n + r.midRun, 0);
  const killed = results.reduce((n, r) => n + r.kills, 0);
  const avg = (xs: number[]) =>
    xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0;
  console.log(
    `crash test: ${results.length}/${runs} runs passed, ${killed} kills (${mid} mid-run); ` +
      `mean run ${avg(results.map((r) => r.ms))} ms, mean restart-to-finished ${avg(results.map((r) => r.restartMs))} ms, ` +
      `slowest restart ${Math.max(0, ...results.map((r) => r.restartMs))} ms`,
  );
  if (failure) {
    console.error('crash test failed:', failure);
    process.exit(1);
  }
  // Every kill landing after the end would prove nothing: most must land mid-run.
  if (mid < Math.ceil(killed / 2)) {
    console.error(`crash test: only ${mid} of ${killed} kills landed mid-run`);
    process.exit(1);
  }
}

await main();
