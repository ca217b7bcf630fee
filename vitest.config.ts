import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import {
  testsThatMockModules,
  testsThatOpenADatabase,
} from './apps/server/test/support/database-tests.ts';

// Unit + API integration tests. The server suite runs on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set (docs/design.md §7). Browser tests are Playwright's (e2e/).
const serverTests = ['apps/server/{src,test}/**/*.test.ts', 'packages/**/*.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
// The migrated template each file's database is copied from, made once per run (test/support/test-databases.ts).
const testDatabasesSetup = 'apps/server/test/support/test-databases.global-setup.ts';
const serverRoots = ['apps/server/src', 'apps/server/test'];
// The server's files share their worker's modules (`isolate: false`): a worker is started and the app's ~700
// modules evaluated once per worker, not once per file, which was half of the suite's time (docs/decisions.md
// "The test loop"). Each file still opens its own database. Files that replace a module run isolated.
// The packages' tests run in the server projects too, so they are searched for mocks as well.
const mocking = testsThatMockModules(repoRoot, [...serverRoots, 'packages']);
const onADatabase = testsThatOpenADatabase(repoRoot, serverRoots);
// The isolated project runs on PGlite only; a file that mocks and opens a database would miss PostgreSQL.
for (const file of mocking)
  if (onADatabase.includes(file))
    throw new Error(`${file} replaces a module and opens a database: give it a PostgreSQL run too`);
const serverProject = {
  // JSX: the first-screen test renders the console's own pages (test/first-screen).
  oxc: { jsx: { runtime: 'automatic' as const } },
  test: {
    environment: 'node' as const,
    globalSetup: [testDatabasesSetup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    isolate: false,
  },
};

export default defineConfig({
  test: {
    // Every core, where Vitest's default leaves one idle (one worker on the 2-core CI machines). The files are
    // CPU-bound (the suite's own CPU plus PostgreSQL's), so more workers than cores gain nothing more
    // (docs/decisions.md "The test loop").
    maxWorkers: '100%',
    projects: [
      {
        ...serverProject,
        test: {
          ...serverProject.test,
          name: 'server-pglite',
          include: serverTests,
          exclude: [...configDefaults.exclude, ...mocking],
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      {
        ...serverProject,
        test: {
          ...serverProject.test,
          name: 'server-isolated',
          include: mocking,
          env: { TEST_DB_KIND: 'pglite' },
          isolate: true,
        },
      },
      ...(onPostgres
        ? [
            {
              ...serverProject,
              test: {
                ...serverProject.test,
                name: 'server-postgres',
                // Only the files that open a database: the others would run the same a second time.
                include: onADatabase,
                env: { TEST_DB_KIND: 'postgres' },
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
