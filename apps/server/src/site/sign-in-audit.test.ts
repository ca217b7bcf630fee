import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany } from '../../test/support/fixtures.ts';
import { buildSiteApp } from './app.ts';
import { logIn, makeLoginUser, postForm, tokenRequest } from '../../test/support/site.world.ts';
import { findEventPage } from '../modules/audit-log/audit-log.repository.ts';

let deps: TestDeps;
let app: FastifyInstance;
let user: Awaited<ReturnType<typeof makeLoginUser>>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
  const company = await makeCompany(deps);
  user = await makeLoginUser(deps, company.id, { status: 1 });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const newest = async () =>
  (await findEventPage(deps.database.db, { companyId: user.companyId }, 1))[0]!;

describe('audit log: signing in and out', () => {
  it('a wrong password is recorded as a failure with its reason class (never the password)', async () => {
    const res = await postForm(
      app,
      '/login',
      { email: user.email, password: 'wrong-password-1' },
      { headers: { 'user-agent': 'Browser/1.0' } },
    );
    expect(res.statusCode).toBe(400);
    expect(await newest()).toMatchObject({
      action: 'auth.signInFailed',
      category: 'auth',
      actorId: user.id,
      targetId: user.id,
      userAgent: 'Browser/1.0',
      details: { reason: 'wrong_password' },
    });
    expect(JSON.stringify(await newest())).not.toContain('wrong-password-1');
  });

  it('a sign-in and a sign-out are recorded with who and from where', async () => {
    const { cookie } = await logIn(app, user.email);
    expect(await newest()).toMatchObject({
      action: 'auth.signIn',
      actorId: user.id,
      actorEmail: user.email,
    });
    const { jwt } = (await tokenRequest(app, cookie)).json<{ jwt: string }>();
    const res = await app.inject({
      method: 'POST',
      url: '/api/company/logout',
      payload: { token: jwt },
      headers: { cookie: `cs_session=${cookie}`, origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(await newest()).toMatchObject({ action: 'auth.signOut', actorId: user.id });
  });
});
