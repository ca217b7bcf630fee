import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema.ts';
import { hashToken } from '../auth/tokens.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany } from '../../test/support/fixtures.ts';
import { buildSiteApp } from '../site-app.ts';
import { logIn, makeLoginUser, tokenRequest } from '../../test/support/site.world.ts';

let deps: TestDeps;
let app: FastifyInstance;
let now = new Date('2026-04-01T09:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  app = await buildSiteApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const row = async (cookie: string) =>
  (
    await deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(cookie)))
  )[0];

describe('session lifetime', () => {
  it('stores only the hash, refreshes lastSeenAt, and ends 12 hours after login', async () => {
    const user = await makeLoginUser(deps, (await makeCompany(deps)).id);
    const { res, cookie } = await logIn(app, user.email);
    expect(String(res.headers['set-cookie'])).toContain('Expires=Wed, 01 Apr 2026 21:00:00 GMT');
    const stored = await row(cookie!);
    expect(stored).toMatchObject({
      userId: user.id,
      expiresAt: new Date('2026-04-01T21:00:00Z'),
      lastSeenAt: now,
    });
    expect(stored!.id).not.toBe(cookie);

    advance(2 * 3600_000);
    expect((await tokenRequest(app, cookie)).statusCode).toBe(200);
    expect((await row(cookie!))!.lastSeenAt).toEqual(now);

    advance(10 * 3600_000);
    expect((await tokenRequest(app, cookie)).statusCode).toBe(403);
  });

  it("gives every login a new session and ends the browser's previous one", async () => {
    const user = await makeLoginUser(deps, (await makeCompany(deps)).id);
    const first = await logIn(app, user.email);
    const res = await app.inject({
      method: 'POST',
      url: '/login',
      payload: new URLSearchParams({ email: user.email, password: 'correct-horse-42' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `cs_session=${first.cookie}`,
      },
    });
    // Already signed in: GET /login would skip the form, but a posted login replaces the session.
    const second = res.cookies.find((c) => c.name === 'cs_session')!.value;
    expect(second).not.toBe(first.cookie);
    expect(await row(first.cookie!)).toBeUndefined();
    expect((await tokenRequest(app, second)).statusCode).toBe(200);
  });
});
