/**
 * What an upload or a body costs is bounded by its size, not multiplied: a 2 MB member CSV whose header names
 * a million columns is refused with one message (the answer a few hundred bytes, the server's memory flat),
 * and every list of details the server stores or answers holds the first ones and a count of the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkStatus, MEMBER_GROUP_USERS_MAX, type TBulkManipulation } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';
import { settle, upload, type Headers } from '../support/member-bulk.world.ts';
import { peakGrowthMb } from '../support/peak-growth.ts';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { MSG_TOO_MANY_COLUMNS } from '../../src/bulk/check-runner.ts';
import { MAX_ERROR_DETAILS, msgMoreDetails } from '../../src/lib/error-details.ts';

/** Bounds: a run's answer (bytes) and the server's resident growth (MB) over the whole upload, check and reads. */
const ANSWER_BOUND_BYTES = 64 * 1024;
const GROWTH_BOUND_MB = 100;

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  headers = (await signIn(deps, await makeUser(deps, company.id, { roles: ['CompanyAdmin'] })))
    .headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const readRun = async (id: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/members/bulk_manipulations/${id}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return {
    size: res.rawPayload.length,
    run: res.json<{ manipulation: TBulkManipulation }>().manipulation,
  };
};

describe('a member CSV naming a million columns in its header', () => {
  it('fails its check with one message; reading the run stays small and the memory flat', async () => {
    const bytes = Buffer.from(`${'x,'.repeat(999_999)}x\r\na\r\n`);
    expect(bytes.length).toBeLessThan(2.1 * 1024 * 1024);
    // Warm-up, unmeasured: the first such run's one-time costs (code compiled on first use, the embedded
    // database's heap grown once to hold a 2 MB upload, never given back) are not what the server holds per
    // run; on a loaded machine they alone passed the bound. It runs inside the sampler too, whose first forced
    // collections of a heap grown without them showed ~200 MB once under load. A leak or a buffered header still
    // shows below.
    await peakGrowthMb(async () =>
      settle(app, headers, (await upload(app, headers, 'bulk_add', bytes)).id),
    );
    const { result, growthMb } = await peakGrowthMb(async () => {
      const m = await upload(app, headers, 'bulk_add', bytes);
      const settled = await settle(app, headers, m.id);
      const reads = [];
      for (let i = 0; i < 5; i++) reads.push(await readRun(m.id));
      const list = await app.inject({ method: 'GET', url: '/members/bulk_manipulations', headers });
      return { settled, reads, listSize: list.rawPayload.length };
    });
    console.info(
      `1,000,000 columns: run answer ${result.reads[0]!.size} bytes, list ${result.listSize} bytes, RSS +${Math.round(growthMb)} MB`,
    );
    expect(result.settled.status).toBe(BulkStatus.CheckFailed);
    expect(result.reads[0]!.run.fileError).toEqual({ message: MSG_TOO_MANY_COLUMNS });
    for (const { size } of result.reads) expect(size).toBeLessThan(ANSWER_BOUND_BYTES);
    expect(result.listSize).toBeLessThan(ANSWER_BOUND_BYTES);
    expect(growthMb).toBeLessThan(GROWTH_BOUND_MB);
  }, 120_000);

  it('under the column limit, stores and answers the first details and a count of the rest', async () => {
    const names = Array.from({ length: 1000 }, (_, i) => `不明な列${i + 1}`);
    const m = await upload(app, headers, 'bulk_add', Buffer.from(`${names.join(',')}\r\na\r\n`));
    expect((await settle(app, headers, m.id)).status).toBe(BulkStatus.CheckFailed);
    const { size, run } = await readRun(m.id);
    const details = run.fileError?.details ?? [];
    // 1,000 unknown columns and the required email column missing: 1,001 details found.
    expect(details).toHaveLength(MAX_ERROR_DETAILS);
    expect(details[0]?.path).toBe('1行目 1列目');
    expect(details.at(-1)).toEqual({
      path: '',
      message: msgMoreDetails(1001 - (MAX_ERROR_DETAILS - 1), 1001),
    });
    expect(size).toBeLessThan(ANSWER_BOUND_BYTES);
  });
});

describe('an answered error', () => {
  it('carries at most the first details and a count, whatever the body held', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/member_groups/00000000-0000-4000-8000-000000000000/users',
      headers,
      payload: {
        userIds: Array.from({ length: MEMBER_GROUP_USERS_MAX }, (_, i) => `not-a-uuid-${i}`),
      },
    });
    expect(res.statusCode).toBe(400);
    const { details } = res.json<{ error: { details: { path: string; message: string }[] } }>()
      .error;
    expect(details).toHaveLength(MAX_ERROR_DETAILS);
    expect(details.at(-1)?.message).toMatch(/^ほかに[0-9,]+件の誤りがあります/);
    expect(res.rawPayload.length).toBeLessThan(ANSWER_BOUND_BYTES);
  });

  it('names the first unknown keys of a body and counts the rest, instead of echoing them all', async () => {
    const payload = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, i) => [`unknown-key-${i}-${'k'.repeat(20)}`, 1]),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/member_groups/00000000-0000-4000-8000-000000000000/users',
      headers,
      payload: { userIds: ['00000000-0000-4000-8000-000000000001'], ...payload },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('ほか19990項目');
    expect(res.rawPayload.length).toBeLessThan(4096);
  });
});
