import type { Logger } from 'pino';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { KeySet } from './auth/signing-keys.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { FileStorage } from './lib/storage.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Instance } from './lib/instance.ts';

/**
 * What the roles are built from. Services receive these rather than reaching for globals, so tests swap
 * the clock, the mailer or the storage (STYLE.md "Server").
 */
export type AppDeps = {
  env: Env;
  database: Database;
  keys: KeySet;
  jobs: Jobs;
  /** This process among the instances sharing the database (liveness of its jobs and staged files). */
  instance: Instance;
  storage: FileStorage;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
};
