import pino, { type Logger } from 'pino';
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
import { whileStarting } from './db/start-lock.ts';

export type BootstrapOptions = {
  logger?: Logger;
  database?: Database;
  mailer?: Mailer;
  clock?: () => Date;
  pollingIntervalSeconds?: number;
};

/** Opens the database, applies migrations and wires the shared dependencies of every role. */
export async function createDeps(env: Env, opts: BootstrapOptions = {}): Promise<AppDeps> {
  const logger = opts.logger ?? (await createLogger(env));
  const instanceKey = randomInstanceKey();
  const { database, jobsDatabase } = await openDatabases(env, instanceKey, opts.database);
  // Instances starting at once on one PostgreSQL (a scale-out's first start) set it up one after the other:
  // migrations, signing keys, pg-boss's schema and queues (db/start-lock.ts).
  const deps = await whileStarting(opts.database ? undefined : env.DATABASE_URL, async () => {
    // Migrations run without the API's statement timeout: an index over a million rows takes its time.
    await runMigrations(jobsDatabase);
    const keys = await loadSigningKeys(database.db);
    // PGlite opened here owns its data folder alone; one handed in (tests' in-memory) cannot tell liveness.
    const instance = await openInstance({
      key: instanceKey,
      databaseUrl: env.DATABASE_URL,
      isExclusive: !opts.database && database.kind === 'pglite',
      logger,
    });
    const jobs = await createJobs(jobsDatabase, logger, {
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
    // Job handlers query through the jobs' pool; requests keep theirs.
    await registerJobHandlers({ ...deps, database: jobsDatabase });
    return deps;
  });
  const { instance } = deps;
  const stopReclaim = await startReclaiming(jobsDatabase, instance, env.DATA_DIR, logger);
  const stopMaintenance = startPgliteMaintenance(database, logger);
  stoppers.set(deps, () => {
    stopReclaim();
    stopMaintenance();
  });
  if (jobsDatabase !== database) jobsDatabases.set(deps, jobsDatabase);
  return deps;
}

/**
 * On PostgreSQL, two pools (DB_POOL_API with the statement timeout, DB_POOL_JOBS without); PGlite is one
 * connection anyway, and a database handed in (tests) serves both.
 */
async function openDatabases(env: Env, instanceKey: number, given: Database | undefined) {
  if (given) return { database: given, jobsDatabase: given };
  const common = {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    applicationName: instanceApplicationName(instanceKey),
    ...(env.PGLITE_SHARED_BUFFERS_MB && {
      pgliteSharedBuffersMb: Number(env.PGLITE_SHARED_BUFFERS_MB),
    }),
  };
  if (!env.DATABASE_URL) {
    const database = await openDatabase(common);
    return { database, jobsDatabase: database };
  }
  const database = await openDatabase({
    ...common,
    poolSize: Number(env.DB_POOL_API),
    statementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS),
  });
  const jobsDatabase = await openDatabase({ ...common, poolSize: Number(env.DB_POOL_JOBS) });
  return { database, jobsDatabase };
}

/**
 * JSON lines for log shippers; on a terminal, one readable line per entry (pino-pretty in this process, after
 * redaction, so the secrets stay masked either way). pino-pretty is loaded only then: a server whose output
 * goes to a file or a collector does not pay for its 30 modules.
 */
async function createLogger(env: Env): Promise<Logger> {
  const options = loggerOptions(env.LOG_LEVEL);
  if (!process.stdout.isTTY) return pino(options);
  const { default: pretty } = await import('pino-pretty');
  return pino(
    options,
    pretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true }),
  );
}

/** The periodic tasks of each deps: reclaiming dead work, PGlite maintenance. */
const stoppers = new WeakMap<AppDeps, () => void>();
/** The jobs' own pool of each deps, when it has one (PostgreSQL). */
const jobsDatabases = new WeakMap<AppDeps, Database>();

export async function closeDeps(deps: AppDeps) {
  stoppers.get(deps)?.();
  await deps.jobs.stop();
  await deps.mailer.close?.();
  await deps.instance.close();
  await jobsDatabases.get(deps)?.close();
  await deps.database.close();
}
