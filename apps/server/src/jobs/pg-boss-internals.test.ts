/**
 * The job code reads pg-boss's tables, so a start on another pg-boss (a library upgraded without the pin, or a
 * database whose pg-boss schema another version migrated) is refused with a message naming both versions,
 * instead of running statements written for other tables.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pgBossPackage from 'pg-boss/package.json' with { type: 'json' };
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { z } from 'zod';
import {
  checkPgBoss,
  lowestPriorityOf,
  PG_BOSS_SCHEMA,
  PgBossVersionError,
  PINNED_PG_BOSS,
} from './pg-boss-internals.ts';
import { jobKind } from './job-kind.ts';

let deps: TestDeps;

beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => {
  await deps.cleanup();
});

it('starts on the pinned pg-boss: the one installed and the one package.json names', async () => {
  const pkg = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../../package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  expect(pkg.dependencies['pg-boss']).toBe(PINNED_PG_BOSS);
  expect(pgBossPackage.version).toBe(PINNED_PG_BOSS);
  await expect(checkPgBoss(deps.database)).resolves.toBeUndefined();
});

it('refuses another pg-boss library, naming the one expected', async () => {
  const refused = checkPgBoss(deps.database, '11.0.0');
  await expect(refused).rejects.toBeInstanceOf(PgBossVersionError);
  await expect(refused).rejects.toThrow(`pg-boss 11.0.0 is not the version`);
  await expect(refused).rejects.toThrow(`(${PINNED_PG_BOSS}, schema ${PG_BOSS_SCHEMA})`);
});

it('refuses a database whose pg-boss schema another version made', async () => {
  await deps.database.raw.exec(`update pgboss.version set version = ${PG_BOSS_SCHEMA + 1}`);
  try {
    await expect(checkPgBoss(deps.database)).rejects.toThrow(`(schema ${PG_BOSS_SCHEMA + 1})`);
  } finally {
    await deps.database.raw.exec(`update pgboss.version set version = ${PG_BOSS_SCHEMA}`);
  }
});

it("reads a company's lowest priority among its queued and running jobs, not others' nor finished ones", async () => {
  const kind = jobKind('test.lowest-priority', z.object({ n: z.number() }));
  await deps.jobs.register(kind, async () => undefined);
  const [a, b] = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
  const sql = {
    executeSql: (text: string, values?: unknown[]) => deps.database.raw.query(text, values ?? []),
  };
  const lowest = (companyId: string) => lowestPriorityOf(sql, kind.name, companyId);
  expect(await lowest(a)).toBeNull();
  for (const n of [1, 2, 3]) await deps.jobs.send(kind, { n }, { companyId: a });
  await deps.jobs.send(kind, { n: 4 }, { companyId: b });
  expect([await lowest(a), await lowest(b)]).toEqual([-2, 0]);
  // The lowest one running still counts; once finished it no longer does.
  const setState = (state: string) =>
    deps.database.raw.query(
      `update pgboss.job set state = '${state}' where name = $1 and priority = -2`,
      [kind.name],
    );
  await setState('active');
  expect(await lowest(a)).toBe(-2);
  await setState('completed');
  expect(await lowest(a)).toBe(-1);
});
