import pino, { type Logger } from 'pino';
import type { Env } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { loadSigningKeys } from './auth/signing-keys.ts';
import { createJobs } from './jobs/jobs.ts';
import { registerJobHandlers } from './jobs/register.ts';
import { createLocalStorage } from './lib/storage.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import type { AppDeps } from './deps.ts';

export type BootstrapOptions = {
  logger?: Logger;
  database?: Database;
  mailer?: Mailer;
  clock?: () => Date;
  pollingIntervalSeconds?: number;
};

/** Opens the database, applies migrations and wires the shared dependencies of every role. */
export async function createDeps(env: Env, opts: BootstrapOptions = {}): Promise<AppDeps> {
  const logger = opts.logger ?? pino({ level: env.LOG_LEVEL, base: undefined });
  const database = opts.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  await runMigrations(database);
  const keys = await loadSigningKeys(database.db);
  const jobs = await createJobs(database, logger, { pollingIntervalSeconds: opts.pollingIntervalSeconds });
  const deps: AppDeps = {
    env,
    database,
    keys,
    jobs,
    storage: createLocalStorage(env.DATA_DIR),
    mailer: opts.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, logger }),
    logger,
    clock: opts.clock ?? (() => new Date()),
  };
  await registerJobHandlers(deps);
  return deps;
}

export async function closeDeps(deps: AppDeps) {
  await deps.jobs.stop();
  await deps.database.close();
}
