/**
 * A console tab whose session ended is told why on the login page (issue 32): the token answer says when the
 * session ends, the login page words the reason the console sends and keeps return_to. A password sign-in
 * also records the browser and address the member's own session list shows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../auth/tokens.ts';
import { SESSION_TTL_MS } from '../auth/sessions.ts';
import { sessions } from '../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany } from '../../test/support/fixtures.ts';
import {
  makeLoginUser,
  PASSWORD,
  postForm,
  sessionCookieOf,
  tokenRequest,
} from '../../test/support/site.world.ts';
import { buildSiteApp } from '../site-app.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let deps: TestDeps;
let app: FastifyInstance;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

describe('the end of a session, explained', () => {
  it('a sign-in keeps its browser and IP; the token answer says when the session ends', async () => {
    const user = await makeLoginUser(deps, (await makeCompany(deps)).id);
    const res = await postForm(
      app,
      '/login',
      { email: user.email, password: PASSWORD },
      { ip: '203.0.113.9', headers: { 'user-agent': CHROME } },
    );
    const cookie = sessionCookieOf(res)!;
    const [row] = await deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(cookie)));
    expect(row).toMatchObject({ userAgent: CHROME, ip: '203.0.113.9' });

    const token = await tokenRequest(app, cookie);
    const { sessionExpiresAt } = token.json<{ sessionExpiresAt: string }>();
    expect(Date.parse(sessionExpiresAt)).toBe(row!.createdAt.getTime() + SESSION_TTL_MS);
  });

  it.each([
    ['logged_out', 'ログアウトされました。もう一度ログインしてください。'],
    ['session_expired', 'セッションの有効期限が切れました。もう一度ログインしてください。'],
  ])('/login?notice=%s says so and keeps return_to', async (notice, message) => {
    const res = await app.inject({
      method: 'GET',
      url: `/login?return_to=${encodeURIComponent('/account')}&notice=${notice}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(message);
    expect(res.body).toContain('name="return_to" value="/account"');
  });
});
