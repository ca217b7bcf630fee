/**
 * Fair turns across companies in the shared queues: company A floods the export queue, company B asks for
 * one export afterwards, and B's file is generated while nearly all of A's are still waiting (a FIFO
 * queue made B wait for all 50). A's own exports still finish in the order asked.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { TBulkManipulation } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../api-app.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../test/support/fixtures.ts';
import { bulkManipulations } from '../db/schema.ts';

const FLOOD = 50;

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps({ env: { JOBS_PER_COMPANY: String(FLOOD) } });
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

async function companyAdmin(name: string) {
  const company = await makeCompany(deps, { name });
  const admin = await makeUser(deps, company.id, {
    roles: ['CompanyAdmin'],
    email: `admin-${company.id}@example.test`,
  });
  return { company, headers: (await signIn(deps, admin)).headers };
}

async function requestExport(headers: { authorization: string }, filters: { keyword?: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/members/export/csv',
    headers,
    payload: { filters, encoding: 'utf8bom' },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ manipulation: TBulkManipulation }>().manipulation.id;
}

const rowsOf = (companyId: string) =>
  deps.database.db
    .select()
    .from(bulkManipulations)
    .where(eq(bulkManipulations.companyId, companyId))
    .orderBy(asc(bulkManipulations.createdAt));

async function until<T>(
  read: () => Promise<T>,
  isDone: (v: T) => boolean,
  timeoutMs = 120_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await read();
    if (isDone(v)) return v;
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

it(
  `one company's ${FLOOD} queued exports do not hold back another company's export`,
  { timeout: 240_000 },
  async () => {
    const a = await companyAdmin('株式会社大量');
    const b = await companyAdmin('株式会社少量');
    // A's flood is queued (distinct filters: nothing coalesces) before B asks, and before any worker runs.
    for (let i = 0; i < FLOOD; i += 1) await requestExport(a.headers, { keyword: `一括${i}` });
    const bId = await requestExport(b.headers, {});
    await deps.jobs.startWorking();

    await until(
      () => rowsOf(b.company.id),
      (rows) => rows[0]!.status === 6,
    );
    const bRow = (await rowsOf(b.company.id))[0]!;
    expect([bRow.id, bRow.status, bRow.counts]).toEqual([bId, 6, { exported: 1 }]);

    // Everything of A still completes, in the order A asked for it.
    const finished = await until(
      () => rowsOf(a.company.id),
      (rows) => rows.every((r) => r.status === 6),
    );
    const finishTimes = finished.map((r) => r.finishedAt!.getTime());
    expect(finishTimes).toEqual([...finishTimes].sort((x, y) => x - y));
    // B waited for at most A's first export (same turn, asked earlier) and the one running, not for A's queue:
    // read from the finish times (the worker goes on with A's queue while the test reads B's row).
    const aBefore = finishTimes.filter((t) => t <= bRow.finishedAt!.getTime()).length;
    expect(aBefore, `A's exports finished before B's: ${aBefore}`).toBeLessThanOrEqual(2);
  },
);
