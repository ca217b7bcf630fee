/**
 * A job sent with `tx` is part of that transaction: it exists exactly when the row it works on does. The
 * execute job of a bulk run started through the API is there the moment the run reads 実行中, and a
 * transaction that rolls back leaves no job behind (a kill between a commit and a later send would leave
 * a run 実行中 for ever).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BulkStatus } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../api-app.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../test/support/fixtures.ts';
import { upload, utf8 } from '../../test/support/member-bulk.world.ts';
import { runCheck } from '../bulk/check-runner.ts';
import { createMemberChecker } from '../modules/member-bulk/member-checker.ts';
import { bulkJobKinds } from '../modules/bulk/bulk.jobs.ts';

const memberCheck = bulkJobKinds({ name: 'member-bulk' }).check;

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const jobsFor = async (name: string, key: string, value: string) => {
  const { rows } = await deps.database.raw.query<{ state: string }>(
    `select state from pgboss.job where name = $1 and data->>$2 = $3`,
    [name, key, value],
  );
  return rows.map((r) => r.state);
};

it('a job sent inside a transaction that rolls back is not queued; one that commits is', async () => {
  const marker = crypto.randomUUID();
  await expect(
    deps.database.db.transaction(async (tx) => {
      await deps.jobs.send(memberCheck, { manipulationId: marker }, { tx });
      await tx.execute(sql`select 1`);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await jobsFor('member-bulk.check', 'manipulationId', marker)).toEqual([]);

  await deps.database.db.transaction(async (tx) => {
    await deps.jobs.send(memberCheck, { manipulationId: marker }, { tx, companyId: 'c' });
  });
  expect(await jobsFor('member-bulk.check', 'manipulationId', marker)).toEqual(['created']);
});

it('an executed run is 実行中 with its execute job queued, both from one request', async () => {
  const company = await makeCompany(deps);
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  const { headers } = await signIn(deps, admin);
  const { id } = await upload(
    app,
    headers,
    'bulk_add',
    utf8([
      ['メールアドレス', '氏名'],
      [`tx-${company.id}@example.test`, '取引 一郎'],
    ]),
  );
  expect(await jobsFor('member-bulk.check', 'manipulationId', id)).toEqual(['created']);
  await runCheck(deps, id, (m, h) => createMemberChecker(deps.database.db, m, h));

  const run = await app.inject({
    method: 'PUT',
    url: `/members/bulk_manipulations/${id}`,
    headers,
    payload: { action: 'execute' },
  });
  expect(run.statusCode, run.body).toBe(200);
  expect(run.json<{ manipulation: { status: number } }>().manipulation.status).toBe(
    BulkStatus.Processing,
  );
  expect(await jobsFor('member-bulk.execute', 'manipulationId', id)).toEqual(['created']);
});
