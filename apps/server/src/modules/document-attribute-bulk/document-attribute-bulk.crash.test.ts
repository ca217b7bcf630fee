/**
 * kill -9 at random points of a 20,000-row attribute execution, several times, then a restart: every row must
 * be applied exactly once (docs/design.md §3). Applying a row twice cannot go unnoticed: the second time
 * the document's 更新日時 no longer matches and the row would end 'failed'. Same harness as the member bulk one.
 */
import { startCrashWorker, killWorker } from '../../../test/crash/crash-harness.ts';
import { afterAll, expect, it } from 'vitest';
import { BulkStatus } from '@cloudsign/contract';
import { buildApiApp } from '../../api-app.ts';
import { isPostgresRun } from '../../../test/support/test-deps.ts';
import { crashDatabase, isCrashTestEnabled } from '../../../test/crash/crash-database.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { runCheck } from '../../bulk/check-runner.ts';
import { createAttributeChecker } from './attribute-checker.ts';
import { formatVersion } from './attribute-cells.ts';
import { multipart, utf8 } from '../../../test/support/member-bulk.world.ts';
import type { TBulkManipulation } from '@cloudsign/contract';

const ROWS = 20_000;
const KILLS = 4;
const crashDb = crashDatabase('cloudsign-attr-crash-');
const { dataDir, openDeps, closeIfPglite } = crashDb;
afterAll(() => crashDb.cleanup());

const JOB = 'document-attribute-bulk.execute';
const startWorker = (id: string, env: Record<string, string>) => startCrashWorker(JOB, id, env);

it.skipIf(!isCrashTestEnabled())(
  'every attribute row is applied exactly once across repeated SIGKILLs of the worker',
  { timeout: 900_000 },
  async () => {
    const deps = await openDeps();
    const app = await buildApiApp(deps);
    const company = await makeCompany(deps);
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const { headers } = await signIn(deps, admin);
    await deps.database.raw.query(
      `insert into documents (company_id, status, title, amount) select $1, 2, 'クラッシュ ' || g, g from generate_series(1, ${ROWS}) g`,
      [company.id],
    );
    const docs = (
      await deps.database.raw.query<{ id: string; updated_at: Date }>(
        `select id, updated_at from documents where company_id = $1 order by id`,
        [company.id],
      )
    ).rows;
    const rows = [
      ['書類ID', '更新日時', '取引金額'],
      ...docs.map((d, i) => [d.id, formatVersion(new Date(d.updated_at)), String(1_000_000 + i)]),
    ];
    const mp = multipart(utf8(rows), 'attributes.csv');
    const up = await app.inject({
      method: 'POST',
      url: '/documents/attributes/bulk_edit',
      headers: { ...headers, ...mp.headers },
      payload: mp.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const m = up.json<{ manipulation: TBulkManipulation }>().manipulation;
    await runCheck(deps, m.id, (mm, h) => createAttributeChecker(deps.database.db, mm, h));
    const exec = await app.inject({
      method: 'PUT',
      url: `/documents/attributes/bulk_manipulations/${m.id}`,
      headers,
      payload: { action: 'execute' },
    });
    expect(exec.statusCode, exec.body).toBe(200);
    expect(exec.json<{ manipulation: TBulkManipulation }>().manipulation).toMatchObject({
      status: BulkStatus.Processing,
      counts: { update: ROWS },
    });
    await app.close();
    await closeIfPglite(deps);

    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(deps.env.DATABASE_URL ? { DATABASE_URL: deps.env.DATABASE_URL } : {}),
    };
    const killedAt: number[] = [];
    for (let k = 0; k < KILLS; k += 1) {
      const w = startWorker(m.id, env);
      await w.working;
      if (isPostgresRun()) {
        // Kill once progress passes the previous kill point, plus a little: mid-run whatever the machine's speed
        // (a fixed timer let a quiet machine finish before any kill).
        await w.reached((killedAt.at(-1) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, Math.random() * 100));
      } else {
        // PGlite has one connection: the worker's batches starve its progress poll, so kill on a random timer there.
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 4000));
      }
      killWorker(w.child);
      await w.exited;
      killedAt.push(w.last().processed);
    }
    const final = startWorker(m.id, env);
    expect(await final.exited).toBe(0);

    const check = await openDeps();
    const [applied] = (
      await check.database.raw.query<{ n: number; right: number }>(
        `select count(*)::int as n, count(*) filter (where amount >= 1000000)::int as right from documents where company_id = $1`,
        [company.id],
      )
    ).rows;
    const outcomes = (
      await check.database.raw.query<{ outcome: string; n: number }>(
        `select outcome, count(*)::int as n from bulk_manipulation_rows where manipulation_id = $1 group by outcome`,
        [m.id],
      )
    ).rows;
    const [manip] = (
      await check.database.raw.query<{
        status: number;
        processed_rows: number;
        counts: Record<string, number>;
      }>(`select status, processed_rows, counts from bulk_manipulations where id = $1`, [m.id])
    ).rows;
    await closeIfPglite(check);

    console.info(
      `attribute crash test: killed at processed rows ${killedAt.join(', ')} of ${ROWS}`,
    );
    expect(applied).toEqual({ n: ROWS, right: ROWS });
    expect(outcomes).toEqual([{ outcome: 'succeeded', n: ROWS }]);
    expect(manip).toMatchObject({
      status: BulkStatus.Succeeded,
      processed_rows: ROWS,
      counts: { update: ROWS, succeeded: ROWS, failed: 0 },
    });
    expect(killedAt.some((n) => n > 0 && n < ROWS)).toBe(true);
  },
);
