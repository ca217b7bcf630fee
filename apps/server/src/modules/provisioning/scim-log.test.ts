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
});
