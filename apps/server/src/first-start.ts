/**
 * A new embedded database is made in a process of its own, which exits before the server starts on it: the
 * template restored, the migrations, pg-boss's schema, the signing keys and the demo seed (2,020 PDFs) leave
 * memory behind that a process does not give back (an idle server held ~410 MiB after a first start, ~250 after a
 * restart on the same folder). The server then opens the database as on any restart. PostgreSQL
 * (DATABASE_URL) and an embedded database that exists already start as before, in one process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './config/env.ts';
import { closeDeps, createDeps } from './bootstrap.ts';
import { pgliteDirOf } from './db/client.ts';
import { demoSeedPlan, seedOnStart } from './seed/seed-on-start.ts';

/** Set by the server for the process that makes its new database. */
const PREPARE = 'CLOUDSIGN_PREPARE_DATABASE';

export const isPreparingProcess = () => process.env[PREPARE] === '1';

/** Whether this start makes a new embedded database (no cluster in DATA_DIR yet). */
export const isNewEmbeddedDatabase = (env: Env) =>
  !env.DATABASE_URL && !existsSync(path.join(pgliteDirOf(env.DATA_DIR), 'PG_VERSION'));

/** The preparing process's work: what a first start does before it serves, then closed. */
export async function prepareDatabase(env: Env): Promise<void> {
  // Ends with the server that started it (killed while it waited): a restart must not find the folder still
  // held by a preparing process nobody waits for.
  process.once('disconnect', () => process.exit(1));
  const deps = await createDeps(env);
  try {
    await seedOnStart(deps);
  } finally {
    await closeDeps(deps);
  }
}

/**
 * Runs this server's own entry again as the preparing process (same Node flags, same arguments, output to the
 * same terminal) and waits for it. Answers whether the demo logins are there, as seedOnStart does; throws, after
 * the process printed why, if it failed.
 */
export async function prepareInOwnProcess(env: Env): Promise<boolean> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [PREPARE]: '1' },
    // The channel closes when this process dies, however it dies: the preparing process then stops.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (code !== 0)
    throw new Error(`新しいデータベースの作成に失敗しました（${signal ?? `終了コード ${code}`}）`);
  return demoSeedPlan(env).seed;
}
