/**
 * Once per test run, before any file: the migrated template every test database starts from (test-databases.ts).
 * PGlite's is the build's file, made here when missing or stale; PostgreSQL's a database on the test server.
 */
import type { TestProject } from 'vitest/node';
import { ensureTemplate } from '../../src/db/pglite-template-writer.ts';
import { ensurePostgresTemplate } from './test-databases.ts';

export default async function setup(project: TestProject) {
  if (project.name !== 'server-postgres') return ensureTemplate();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) await ensurePostgresTemplate(adminUrl);
}
