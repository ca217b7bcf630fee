/**
 * The per-company job cap and the coalescing of identical exports, through the API (no worker runs, so
 * every job stays queued): over JOBS_PER_COMPANY each job-starting route answers 429 with the limit in
 * Japanese and writes nothing — no manipulation, backfill, rule, file or pg-boss job.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TBulkManipulation } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../api-app.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeWorld, errorOf, type World } from '../../test/support/cabinets.world.ts';
import { bulkManipulations, cabinetBackfills, cabinetClassificationRules } from '../db/schema.ts';
import { runCheck } from '../bulk/check-runner.ts';
import { createMemberChecker } from '../modules/member-bulk/member-checker.ts';
import { multipart, utf8 } from '../../test/support/member-bulk.world.ts';
import { queryRows } from '../db/query-rows.ts';
import { makeUser, signIn } from '../../test/support/fixtures.ts';

const LIMIT = 3;
const MSG = `実行待ち・実行中の処理が上限（${LIMIT}件）に達しています。実行中の処理が終わってからもう一度お試しください。`;

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps({ env: { JOBS_PER_COMPANY: String(LIMIT) } });
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});
// Each test starts from an empty queue: finished runs do not count.
beforeEach(async () => {
  await deps.database.db.delete(bulkManipulations);
  await deps.database.db.delete(cabinetBackfills);
  await deps.database.raw.query(`delete from pgboss.job`);
});

const exportMembers = (
  headers: { authorization: string },
  filters: object = {},
  encoding = 'utf8bom',
) =>
  app.inject({
    method: 'POST',
    url: '/members/export/csv',
    headers,
    payload: { filters, encoding },
  });

/** Everything a refused request could have left behind. */
async function footprint() {
  const db = deps.database.db;
  const files = (dir: string): string[] => {
    try {
      return readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name));
    } catch {
      return [];
    }
  };
  const [jobs] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job`);
  return {
    manipulations: (await db.select().from(bulkManipulations)).map((m) => [m.id, m.status]),
    backfills: (await db.select().from(cabinetBackfills)).length,
    rules: (await db.select().from(cabinetClassificationRules)).length,
    jobs: jobs!.n,
    files: files(path.join(deps.env.DATA_DIR, 'files')).sort(),
  };
}

async function fillToLimit(headers = w.headers.admin) {
  for (let i = 0; i < LIMIT; i += 1) {
    const res = await exportMembers(headers, { keyword: `詰める${i}` });
    expect(res.statusCode, res.body).toBe(202);
  }
}

describe('the cap of queued and running jobs per company', () => {
  it('an export over the cap answers 429 naming the limit and writes nothing; another company is not affected', async () => {
    await fillToLimit();
    const before = await footprint();
    const res = await exportMembers(w.headers.admin, { keyword: 'もう一つ' });
    expect([res.statusCode, res.json()]).toEqual([429, errorOf('job_limit_reached', MSG)]);
    expect(await footprint()).toEqual(before);
    expect(before.jobs).toBe(LIMIT);
    // The cap is the company's, not everyone's.
    expect((await exportMembers(w.headers.otherAdmin, { keyword: 'もう一つ' })).statusCode).toBe(
      202,
    );
  });

  it('a finished job frees its slot', async () => {
    await fillToLimit();
    expect((await exportMembers(w.headers.admin, { keyword: 'あと' })).statusCode).toBe(429);
    const [first] = await deps.database.db.select().from(bulkManipulations).limit(1);
    await deps.database.db
      .update(bulkManipulations)
      .set({ status: 6 })
      .where(eq(bulkManipulations.id, first!.id));
    expect((await exportMembers(w.headers.admin, { keyword: 'あと' })).statusCode).toBe(202);
  });

  it('a row left running by a job that gave up (untouched for a day) no longer holds a slot', async () => {
    await fillToLimit();
    expect((await exportMembers(w.headers.admin, { keyword: 'あと' })).statusCode).toBe(429);
    const [first] = await deps.database.db.select().from(bulkManipulations).limit(1);
    await deps.database.db
      .update(bulkManipulations)
      .set({ updatedAt: sql`now() - interval '25 hours'` })
      .where(eq(bulkManipulations.id, first!.id));
    expect((await exportMembers(w.headers.admin, { keyword: 'あと' })).statusCode).toBe(202);
  });

  it('uploads, attribute downloads and backfills over the cap answer 429 and leave no row, file, rule or job', async () => {
    await fillToLimit();
    const before = await footprint();
    const mp = multipart(
      utf8([
        ['メールアドレス', '氏名'],
        ['new@example.test', '新人'],
      ]),
    );
    const uploads = [
      await app.inject({
        method: 'POST',
        url: '/members/bulk_add',
        headers: { ...w.headers.admin, ...mp.headers },
        payload: mp.payload,
      }),
      await app.inject({
        method: 'POST',
        url: '/documents/attributes/bulk_edit',
        headers: { ...w.headers.admin, ...mp.headers },
        payload: mp.payload,
      }),
      await app.inject({
        method: 'POST',
        url: '/documents/attributes/bulk_edit/csv',
        headers: w.headers.admin,
        payload: { conditions: {}, encoding: 'utf8bom' },
      }),
      await app.inject({
        method: 'POST',
        url: `/cabinets/${w.cabinets.hr.id}/classification_rules`,
        headers: w.headers.admin,
        payload: { memberGroupIds: [w.groups.legal.id], backfill: true },
      }),
    ];
    for (const res of uploads)
      expect([res.statusCode, res.json()]).toEqual([429, errorOf('job_limit_reached', MSG)]);
    expect(await footprint()).toEqual(before);
    // A rule without a backfill starts no job: the cap does not apply.
    const rule = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.hr.id}/classification_rules`,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.groups.legal.id], backfill: false },
    });
    expect(rule.statusCode, rule.body).toBe(200);
  });

  it('an execution over the cap answers 429 and stays Ready; a repeated execute of a started run answers its state', async () => {
    const mp = multipart(
      utf8([
        ['メールアドレス', '氏名'],
        ['exec@example.test', '実行 太郎'],
      ]),
    );
    const up = await app.inject({
      method: 'POST',
      url: '/members/bulk_add',
      headers: { ...w.headers.admin, ...mp.headers },
      payload: mp.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json<{ manipulation: TBulkManipulation }>().manipulation.id;
    await runCheck(deps, id, (m, h) => createMemberChecker(deps.database.db, m, h));
    await fillToLimit();
    const before = await footprint();
    const execute = () =>
      app.inject({
        method: 'PUT',
        url: `/members/bulk_manipulations/${id}`,
        headers: w.headers.admin,
        payload: { action: 'execute' },
      });
    const refused = await execute();
    expect([refused.statusCode, refused.json()]).toEqual([429, errorOf('job_limit_reached', MSG)]);
    expect(await footprint()).toEqual(before);

    // One slot free: the execution starts; a second click (now at the cap) answers the run, not 429.
    await deps.database.db
      .delete(bulkManipulations)
      .where(
        sql`${bulkManipulations.id} <> ${id} and ${bulkManipulations.params}->'filters'->>'keyword' = '詰める0'`,
      );
    const started = await execute();
    expect([
      started.statusCode,
      started.json<{ manipulation: TBulkManipulation }>().manipulation.status,
    ]).toEqual([200, 5]);
    const again = await execute();
    expect([
      again.statusCode,
      again.json<{ manipulation: TBulkManipulation }>().manipulation.status,
    ]).toEqual([200, 5]);
    const [jobs] = await queryRows<{ n: number }>(
      deps.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'member-bulk.execute'`,
    );
    expect(jobs!.n).toBe(1);
  });

  it('is race-safe: requests sent together at one free slot take it once', async () => {
    for (let i = 0; i < LIMIT - 1; i += 1)
      expect((await exportMembers(w.headers.admin, { keyword: `先${i}` })).statusCode).toBe(202);
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => exportMembers(w.headers.admin, { keyword: `同時${i}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 429, 429, 429, 429]);
    expect((await footprint()).manipulations).toHaveLength(LIMIT);
  });
});

describe('identical exports are coalesced', () => {
  it('the same export while one is generating answers that one; other filters or encodings are new', async () => {
    const first = await exportMembers(w.headers.admin, { keyword: '営業', status: 1 });
    expect(first.statusCode).toBe(202);
    const id = first.json<{ manipulation: TBulkManipulation }>().manipulation.id;
    // Key order does not matter; another admin of the company gets the same file.
    const second = await makeUser(deps, w.company.id, {
      roles: ['CompanyAdmin'],
      email: 'second-admin@example.test',
    });
    const same = await exportMembers((await signIn(deps, second)).headers, {
      status: 1,
      keyword: '営業',
    });
    expect([
      same.statusCode,
      same.json<{ manipulation: TBulkManipulation }>().manipulation.id,
    ]).toEqual([202, id]);
    const jobs = async () =>
      (
        await queryRows<{ n: number }>(
          deps.database.db,
          sql`select count(*)::int as n from pgboss.job`,
        )
      )[0]!.n;
    expect(await jobs()).toBe(1);

    const otherEncoding = await exportMembers(
      w.headers.admin,
      { keyword: '営業', status: 1 },
      'sjis',
    );
    expect(otherEncoding.json<{ manipulation: TBulkManipulation }>().manipulation.id).not.toBe(id);
    const otherCompany = await exportMembers(w.headers.otherAdmin, { keyword: '営業', status: 1 });
    expect(otherCompany.json<{ manipulation: TBulkManipulation }>().manipulation.id).not.toBe(id);
    expect(await jobs()).toBe(3);

    // Once generated, asking again makes a fresh file (the members may have changed).
    await deps.database.db
      .update(bulkManipulations)
      .set({ status: 6 })
      .where(eq(bulkManipulations.id, id));
    const fresh = await exportMembers(w.headers.admin, { keyword: '営業', status: 1 });
    expect(fresh.json<{ manipulation: TBulkManipulation }>().manipulation.id).not.toBe(id);
  });

  it('an identical export at the cap answers the one generating instead of 429; the edit template too', async () => {
    await fillToLimit();
    const same = await exportMembers(w.headers.admin, { keyword: '詰める0' });
    expect(same.statusCode).toBe(202);
    const template = await app.inject({
      method: 'POST',
      url: '/members/bulk_edit/csv_template',
      headers: w.headers.admin,
      payload: { filters: { keyword: '詰める0' }, encoding: 'utf8bom' },
    });
    expect([template.statusCode, template.json()]).toEqual([
      429,
      errorOf('job_limit_reached', MSG),
    ]);
    const attrs = { conditions: { keyword: '契約' }, encoding: 'utf8bom' };
    await deps.database.db.delete(bulkManipulations);
    const a1 = await app.inject({
      method: 'POST',
      url: '/documents/attributes/bulk_edit/csv',
      headers: w.headers.admin,
      payload: attrs,
    });
    const a2 = await app.inject({
      method: 'POST',
      url: '/documents/attributes/bulk_edit/csv',
      headers: w.headers.admin,
      payload: attrs,
    });
    expect(a1.statusCode, a1.body).toBe(202);
    expect(a2.json<{ manipulation: TBulkManipulation }>().manipulation.id).toBe(
      a1.json<{ manipulation: TBulkManipulation }>().manipulation.id,
    );
  });
});
