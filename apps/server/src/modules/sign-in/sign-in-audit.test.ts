import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { authenticator } from 'otplib';
import { hashBackupCodes } from '../../auth/mfa.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import { logIn, makeLoginUser, postForm, tokenRequest } from '../../../test/support/site.world.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';

vi.setConfig({ testTimeout: 120_000 });

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

describe('audit log: a sign-in with a second factor', () => {
  const actions = async (companyId: string) =>
    (await findEventPage(deps.database.db, { companyId }, 20))
      .reverse()
      .map((e) => [e.action, (e.details as { reason?: string } | null)?.reason ?? null]);

  it('the password alone records no sign-in; wrong TOTP and backup codes are failures; the right code signs in', async () => {
    const company = await makeCompany(deps);
    const secret = authenticator.generateSecret(20);
    const mfaBackupCodes = await hashBackupCodes(['ABCDE-FGHJK']);
    const member = await makeLoginUser(deps, company.id, {
      mfa: 1,
      mfaSecret: secret,
      mfaBackupCodes,
    });
    const { cookie } = await logIn(app, member.email);
    expect(await actions(company.id)).toEqual([]);

    const headers = { 'user-agent': 'Browser/2.0' };
    expect(
      (await postForm(app, '/mfa/verify', { code: '000000' }, { cookie, headers })).statusCode,
    ).toBe(400);
    expect(
      (await postForm(app, '/mfa/verify', { code: 'ZZZZZ-ZZZZZ' }, { cookie })).statusCode,
    ).toBe(400);
    const failures = (
      await findEventPage(deps.database.db, { companyId: company.id }, 20)
    ).reverse();
    expect(failures[0]).toMatchObject({
      action: 'auth.signInFailed',
      actorId: member.id,
      targetId: member.id,
      userAgent: 'Browser/2.0',
      details: { reason: 'wrong_code' },
    });
    expect(JSON.stringify(failures)).not.toContain('ZZZZZ');

    const ok = await postForm(
      app,
      '/mfa/verify',
      { code: authenticator.generate(secret) },
      { cookie },
    );
    expect(ok.statusCode).toBe(303);
    expect(await actions(company.id)).toEqual([
      ['auth.signInFailed', 'wrong_code'],
      ['auth.signInFailed', 'wrong_code'],
      ['auth.signIn', null],
    ]);
  });

  it('a member enrolling at the company’s request is signed in once enrolled, not before', async () => {
    const company = await makeCompany(deps, { mfa: 2 });
    const member = await makeLoginUser(deps, company.id);
    const { cookie } = await logIn(app, member.email);
    expect(await actions(company.id)).toEqual([]);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const res = await postForm(
      app,
      '/mfa/setup',
      { secret, code: authenticator.generate(secret) },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(await actions(company.id)).toEqual([
      ['auth.mfaSetUp', null],
      ['auth.signIn', null],
    ]);
  });
});
