/**
 * Whether a start makes a new embedded database, and the variable that asks a process to make it
 * (first-start.ts). Light on purpose: `npm start`'s build step (tooling/build-start.ts) reads it too, to make the
 * database beside the console's build, and must not load the server to do so.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../config/env.ts';

/** Set for the process that makes a new embedded database, then exits (first-start.ts). */
export const PREPARE_DATABASE_ENV = 'CLOUDSIGN_PREPARE_DATABASE';

/** The embedded database's cluster folder inside DATA_DIR. */
export const pgliteDirOf = (dataDir: string) => path.resolve(dataDir, 'pglite');

/** No PostgreSQL configured and no cluster in DATA_DIR yet. */
export const isNewEmbeddedDatabase = (env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>) =>
  !env.DATABASE_URL && !existsSync(path.join(pgliteDirOf(env.DATA_DIR), 'PG_VERSION'));
