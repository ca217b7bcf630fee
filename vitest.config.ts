import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testsThatOpenADatabase } from './apps/server/test/support/database-tests.ts';

// Unit + API integration tests. The server suite runs on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set (docs/design.md §7). Browser tests are Playwright's (e2e/).
const serverTests = ['apps/server/{src,test}/**/*.test.ts', 'packages/**/*.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
// The migrated template each file's database is copied from, made once per run (test/support/test-databases.ts).
const testDatabasesSetup = 'apps/server/test/support/test-databases.global-setup.ts';

export default defineConfig({
  test: {
    // Every core, where Vitest's default leaves one idle (one worker on the 2-core CI machines). The files are
    // CPU-bound (the suite's own CPU plus PostgreSQL's), so more workers than cores gain nothing more
    // (docs/decisions.md "The test loop").
    maxWorkers: '100%',
    projects: [
      {
        // JSX: the first-screen test renders the console's own pages (test/first-screen).
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'server-pglite',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB_KIND: 'pglite' },
          globalSetup: [testDatabasesSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      ...(onPostgres
        ? [
            {
              oxc: { jsx: { runtime: 'automatic' as const } },
              test: {
                name: 'server-postgres',
                // Only the files that open a database: the others would run the same a second time.
                include: testsThatOpenADatabase(repoRoot, ['apps/server/src', 'apps/server/test']),
                environment: 'node',
                env: { TEST_DB_KIND: 'postgres' },
                globalSetup: [testDatabasesSetup],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                pool: 'forks' as const,
              },
            },
          ]
        : []),
      {
        // The repository's own tooling (lint boundaries): no database, no DOM.
        test: {
          name: 'tooling',
          include: ['tooling/**/*.test.ts', 'apps/console/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/console/src/test-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
