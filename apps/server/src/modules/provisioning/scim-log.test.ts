/**
 * The provisioning log under an IdP's concurrency: concurrent requests' lines are written together, and each
 * is in the log (企業設定 › プロビジョニング) by the time its answer arrives, none lost and none twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { provisioningLog } from '../../db/schema.ts';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { companyWithToken, postScimUser } from '../../../test/support/scim.world.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let secret: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  ({ headers, secret } = await companyWithToken(deps, app, 'Okta'));
}, 180_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Entry = { method: string; target: string; status: number };
const logTargets = async () =>
  (await app.inject({ method: 'GET', url: '/provisioning/log', headers }))
    .json<{ entries: Entry[] }>()
    .entries.map((e) => e.target);

describe('the provisioning log at 20 requests at once', { timeout: 60_000 }, () => {
  it("has each request's line once, written before its answer", async () => {
    const seenAtAnswer: boolean[] = [];
    const names = Array.from({ length: 20 }, (_, i) => `concurrent${i}@example.test`);
    await Promise.all(
      names.map(async (userName) => {
        const res = await postScimUser(app, secret, { userName, name: { familyName: '同時' } });
        expect(res.statusCode).toBe(201);
        // Read from the table: 20 console reads at once by one admin would pass his own cap.
        const lines = await deps.database.db
          .select()
          .from(provisioningLog)
          .where(eq(provisioningLog.target, userName));
        seenAtAnswer.push(lines.length === 1);
      }),
    );
    expect(seenAtAnswer).toEqual(Array(20).fill(true));
    const targets = await logTargets();
    expect(names.map((n) => targets.filter((t) => t === n).length)).toEqual(Array(20).fill(1));
  });

  it("a list's line is written with its page: once, before the answer, whatever the page", async () => {
    const names = Array.from({ length: 3 }, (_, i) => `listed${i}@example.test`);
    for (const userName of names)
      expect((await postScimUser(app, secret, { userName })).statusCode).toBe(201);
    const get = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/scim/v2/Users?${query}`,
        headers: { authorization: `Bearer ${secret}` },
      });
    const linesOf = (target: string) =>
      deps.database.db
        .select({ method: provisioningLog.method, status: provisioningLog.status })
        .from(provisioningLog)
        .where(eq(provisioningLog.target, target));
    // 20 lookups at once, an IdP's: each finds its member, and its line is there when the answer arrives.
    const filters = Array.from(
      { length: 20 },
      (_, i) => `userName eq "LISTED${i % 3}@Example.test" `,
    );
    const seen = await Promise.all(
      filters.map(async (filter, i) => {
        const f = `${filter}${' '.repeat(i)}`;
        const res = await get(`filter=${encodeURIComponent(f)}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ totalResults: 1, itemsPerPage: 1, startIndex: 1 });
        return linesOf(f);
      }),
    );
    expect(seen).toEqual(filters.map(() => [{ method: 'GET', status: 200 }]));
    // Nobody by that name: an empty page, one 200 line.
    const none = 'userName eq "nobody@example.test"';
    expect((await get(`filter=${encodeURIComponent(none)}`)).json()).toMatchObject({
      totalResults: 0,
    });
    expect(await linesOf(none)).toEqual([{ method: 'GET', status: 200 }]);
    // A full first page (its total counted after it) and a refused filter: one line each, the answer's.
    const full = await get('count=2');
    expect(full.json()).toMatchObject({ itemsPerPage: 2 });
    expect(full.json<{ totalResults: number }>().totalResults).toBeGreaterThan(2);
    const refused = 'userName zz "x"';
    expect((await get(`filter=${encodeURIComponent(refused)}`)).statusCode).toBe(400);
    expect(await linesOf(refused)).toEqual([{ method: 'GET', status: 400 }]);
    const lists = await deps.database.db
      .select({ target: provisioningLog.target, status: provisioningLog.status })
      .from(provisioningLog)
      .where(eq(provisioningLog.method, 'GET'));
    expect(lists.filter((l) => l.target === '')).toEqual([{ target: '', status: 200 }]);
  });
});
