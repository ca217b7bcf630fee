/**
 * The database a bulk crash test and its killed workers share: the test's PostgreSQL database, or a file-backed
 * PGlite in a temporary folder that each worker reopens (one process at a time, as PGlite allows).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { parseEnv } from '../../src/config/env.ts';
import { createDeps, closeDeps } from '../../src/bootstrap.ts';
import type { AppDeps } from '../../src/deps.ts';
import { createTestDeps, isPostgresRun, type TestDeps } from '../support/test-deps.ts';

/**
 * On PGlite a crash test runs only when CRASH_TEST_PGLITE=1 (slow: every restart reopens the files, and 20,000
 * inserts into an indexed table take minutes on a loaded machine).
 */
export const isCrashTestEnabled = () => isPostgresRun() || process.env.CRASH_TEST_PGLITE === '1';

export function crashDatabase(folderPrefix: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  let testDeps: TestDeps | null = null;
  return {
    /** DATA_DIR of the workers (their PGlite files on a PGlite run). */
    dataDir,
    async openDeps(): Promise<AppDeps> {
      if (isPostgresRun()) return (testDeps ??= await createTestDeps());
      const env = parseEnv({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        SEED: 'off',
        LOG_LEVEL: 'silent',
      });
      return createDeps(env, {
        logger: pino({ level: 'silent' }),
        mailer: { outboxDir: null, send: async () => {} },
      });
    },
    /** PGlite's files must be closed before a worker opens them; PostgreSQL's pool stays open. */
    async closeIfPglite(deps: AppDeps) {
      if (!isPostgresRun()) await closeDeps(deps);
    },
    async cleanup() {
      await testDeps?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
