import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Env } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { loadSigningKeys } from './auth/signing-keys.ts';
import { createJobs } from './jobs/jobs.ts';
import { registerJobHandlers } from './job-handlers.ts';
import { createLocalStorage } from './lib/storage.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import type { AppDeps } from './deps.ts';
import { instanceApplicationName, openInstance, randomInstanceKey } from './lib/instance.ts';
import { startReclaiming } from './jobs/reclaim-dead-work.ts';
import { startPgliteMaintenance } from './db/pglite-maintenance.ts';
import { loggerOptions } from './lib/http/log-redaction.ts';

export type BootstrapOptions = {
  logger?: Logger;
  database?: Database;
  mailer?: Mailer;
  clock?: () => Date;
  pollingIntervalSeconds?: number;
};

/** Opens the database, applies migrations and wires the shared dependencies of every role. */
export async function createDeps(env: Env, opts: BootstrapOptions = {}): Promise<AppDeps> {
  const logger = opts.logger ?? createLogger(env);
  const instanceKey = randomInstanceKey();
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      applicationName: instanceApplicationName(instanceKey),
    }));
  await runMigrations(database);
  const keys = await loadSigningKeys(database.db);
  // PGlite opened here owns its data folder alone; one handed in (tests' in-memory) cannot tell liveness.
  const instance = await openInstance({
    key: instanceKey,
    databaseUrl: env.DATABASE_URL,
    isExclusive: !opts.database && database.kind === 'pglite',
    logger,
  });
  const jobs = await createJobs(database, logger, {
    pollingIntervalSeconds: opts.pollingIntervalSeconds,
    perCompanyLimit: Number(env.JOBS_PER_COMPANY),
  });
  const deps: AppDeps = {
    env,
    database,
    keys,
    jobs,
    instance,
    storage: createLocalStorage(env.DATA_DIR, { stagingTag: String(instance.key) }),
    mailer: opts.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, logger }),
    logger,
    clock: opts.clock ?? (() => new Date()),
  };
  await registerJobHandlers(deps);
  const stopReclaim = await startReclaiming(database, instance, env.DATA_DIR, logger);
  const stopMaintenance = startPgliteMaintenance(database, logger);
  stoppers.set(deps, () => {
    stopReclaim();
    stopMaintenance();
  });
  return deps;
}

/**
 * JSON lines for log shippers; on a terminal, one readable line per entry (pino-pretty in this process, after
 * redaction, so the secrets stay masked either way).
 */
function createLogger(env: Env): Logger {
  const options = loggerOptions(env.LOG_LEVEL);
  if (!process.stdout.isTTY) return pino(options);
  return pino(
    options,
    pretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true }),
  );
}

/** The periodic tasks of each deps: reclaiming dead work, PGlite maintenance. */
const stoppers = new WeakMap<AppDeps, () => void>();

export async function closeDeps(deps: AppDeps) {
  stoppers.get(deps)?.();
  await deps.jobs.stop();
  await deps.instance.close();
  await deps.database.close();
}
