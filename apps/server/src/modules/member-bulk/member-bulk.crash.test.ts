/**
 * kill -9 at random points of a 20,000-row execution, several times, then a restart: every row must be
 * applied exactly once (docs/design.md §3). The worker runs in a child process on a file-backed PGlite
 * (PGlite run) or on the test's PostgreSQL database (PostgreSQL run).
 */
import { startCrashWorker, killWorker } from '../../../test/crash/crash-harness.ts';
import { afterAll, expect, it } from 'vitest';
import { BulkStatus } from '@cloudsign/contract';
import { buildApiApp } from '../../api-app.ts';
import { isPostgresRun } from '../../../test/support/test-deps.ts';
import { crashDatabase, isCrashTestEnabled } from '../../../test/crash/crash-database.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { runCheck } from '../../bulk/check-runner.ts';
import { createMemberChecker } from './member-checker.ts';
import { execute, upload, utf8 } from '../../../test/support/member-bulk.world.ts';

const ROWS = 20_000;
const KILLS = 4;
const crashDb = crashDatabase('cloudsign-crash-');
const { dataDir, openDeps, closeIfPglite } = crashDb;
afterAll(() => crashDb.cleanup());

const JOB = 'member-bulk.execute';
const startWorker = (id: string, env: Record<string, string>) => startCrashWorker(JOB, id, env);

/** What the killed worker had committed, read from the database itself. */
async function committedRows(id: string): Promise<number> {
  const deps = await openDeps();
  const [row] = (
    await deps.database.raw.query<{ n: number }>(
      'select processed_rows as n from bulk_manipulations where id = $1',
      [id],
    )
  ).rows;
  await closeIfPglite(deps);
  return row?.n ?? 0;
}

it.skipIf(!isCrashTestEnabled())(
  'every row is applied exactly once across repeated SIGKILLs of the worker',
  { timeout: 900_000 },
  async () => {
    const deps = await openDeps();
    const app = await buildApiApp(deps);
    const company = await makeCompany(deps);
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const { headers } = await signIn(deps, admin);
    const rows = [
      ['メールアドレス', '氏名'],
      ...Array.from({ length: ROWS }, (_, i) => [`crash${i}@example.com`, `クラッシュ ${i}`]),
    ];
    const m = await upload(app, headers, 'bulk_add', utf8(rows));
    await runCheck(deps, m.id, (mm, h) => createMemberChecker(deps.database.db, mm, h));
    const exec = await execute(app, headers, m.id);
    expect(exec.statusCode).toBe(200);
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
      // A random point of the run: past a random number of committed rows, then a random moment inside
      // the next batch (whatever the machine's speed, so every kill lands mid-run).
      const target =
        Math.max(w.last().processed, killedAt.at(-1) ?? 0) +
        1 +
        Math.floor(Math.random() * (ROWS / KILLS - 2000));
      // PGlite has one connection: the worker's batches starve its progress poll, so kill on a random timer there.
      const timer = new Promise((r) =>
        setTimeout(r, isPostgresRun() ? 3_600_000 : 300 + Math.random() * 1500),
      );
      await Promise.race([w.reached(target), w.exited, timer]);
      // Only a little past the target on PostgreSQL: a longer pause let a fast machine commit several batches more
      // (and sometimes finish) before the kill.
      await new Promise((r) => setTimeout(r, Math.random() * (isPostgresRun() ? 50 : 400)));
      killWorker(w.child);
      await w.exited;
      killedAt.push(await committedRows(m.id));
    }
    const final = startWorker(m.id, env);
    expect(await final.exited).toBe(0);

    const check = await openDeps();
    const [stats] = (
      await check.database.raw.query<{ users: number; distinct_emails: number }>(
        `select count(*)::int as users, count(distinct email)::int as distinct_emails from users where company_id = $1 and email like 'crash%'`,
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

    console.info(`crash test: killed at processed rows ${killedAt.join(', ')} of ${ROWS}`);
    expect(stats).toEqual({ users: ROWS, distinct_emails: ROWS });
    expect(outcomes).toEqual([{ outcome: 'succeeded', n: ROWS }]);
    expect(manip).toMatchObject({
      status: BulkStatus.Succeeded,
      processed_rows: ROWS,
      counts: { add: ROWS, succeeded: ROWS, failed: 0 },
    });
    // At least one kill must have landed in the middle of the run, or the test proved nothing.
    expect(killedAt.filter((n) => n > 0 && n < ROWS).length).toBeGreaterThanOrEqual(KILLS - 1);
  },
);
