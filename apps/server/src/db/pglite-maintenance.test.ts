import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../api-app.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../test/support/fixtures.ts';
import {
  analyzeChangedTables,
  cleanGinPendingLists,
  tablesToAnalyze,
} from './pglite-maintenance.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  ({ headers } = await signIn(
    deps,
    await makeUser(deps, company.id, { name: '管理 花子', roles: ['CompanyAdmin'] }),
  ));
  // On PostgreSQL autovacuum would clean the list whenever it liked; this test's database is its own.
  if (deps.database.kind === 'postgres')
    await deps.database.raw.exec('alter table users set (autovacuum_enabled = false)');
  // Enough members that their new keyword grams fill pages of the index's pending list.
  await deps.database.raw.query(
    `insert into users (company_id, email, name, organization, roles, status, search_text)
     select $1, 'm' || i || '@pending.example', '山田 ' || i, '大阪支社', '{}', 1, lower('山田 ' || i || ' m' || i || '@pending.example 大阪支社')
     from generate_series(1, 3000) i`,
    [company.id],
  );
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const search = async (keyword: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/members?keyword=${encodeURIComponent(keyword)}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ members: { email: string }[]; total: number }>();
};

describe('GIN pending lists (what autovacuum cleans, PGlite has none)', () => {
  it('are moved into the indexes once, searches answer the same before and after, and an empty list costs nothing', async () => {
    const before = await Promise.all(['山田', '大阪', 'm2999@'].map(search));
    expect(before.map((b) => b.total)).toEqual([3000, 3000, 1]);
    expect(await cleanGinPendingLists(deps.database)).toBeGreaterThan(0);
    expect(await cleanGinPendingLists(deps.database)).toBe(0);
    const after = await Promise.all(['山田', '大阪', 'm2999@'].map(search));
    expect(after).toEqual(before);
  });
});

describe('planner statistics (what autovacuum keeps, PGlite has none)', () => {
  it('analyses only the tables that grew or shrank by more than a tenth since their last ANALYZE', async () => {
    await analyzeChangedTables(deps.database);
    // Right after: nothing moved, so the next round analyses nothing (a million documents cost 116 s on PGlite).
    expect(await tablesToAnalyze(deps.database)).toEqual([]);
    const reltuples = async () =>
      Number(
        (
          await deps.database.raw.query<{ n: number }>(
            "select reltuples as n from pg_class where relname = 'login_attempts'",
          )
        ).rows[0]!.n,
      );
    const rowCount = async () =>
      Number(
        (
          await deps.database.raw.query<{ n: number }>(
            'select count(*)::int as n from login_attempts',
          )
        ).rows[0]!.n,
      );
    // On PostgreSQL autovacuum could analyse it first; this test's database is its own.
    if (deps.database.kind === 'postgres')
      await deps.database.raw.exec('alter table login_attempts set (autovacuum_enabled = false)');
    // A bulk add makes the table many times larger: it is analysed, and its statistics follow.
    await deps.database.raw.query(
      `insert into login_attempts (email, ip) select 'bulk-' || i || '@example.test', '192.0.2.1' from generate_series(1, 20000) i`,
    );
    expect(await reltuples()).toBeLessThan(1000);
    expect(await tablesToAnalyze(deps.database)).toEqual(['public.login_attempts']);
    expect(await analyzeChangedTables(deps.database)).toEqual(['public.login_attempts']);
    expect(await reltuples()).toBe(await rowCount());
    expect(await tablesToAnalyze(deps.database)).toEqual([]);
  });
});
