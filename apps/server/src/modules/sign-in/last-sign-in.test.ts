/**
 * 最終ログイン日時 is written once per completed sign-in — by password, after the second factor, after the new
 * password a reset asks for, by SSO — and never by a failed attempt, a half-done sign-in or an ordinary request.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser } from '../../../test/support/fixtures.ts';
import {
  logIn,
  makeLoginUser,
  postForm,
  sessionCookieOf,
  tokenRequest,
} from '../../../test/support/site.world.ts';
import { makeKey, requestIdOf } from '../../../test/support/saml-idp.ts';
import { addSsoDomain } from '../../../test/support/sso-domains.world.ts';
import { TEST_IDP, idpAnswer, postToAcs } from '../../../test/support/sso.world.ts';
import { users } from '../../db/schema.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import * as ssoRepo from '../sso/sso.repository.ts';
import { buildSiteApp } from '../../site-app.ts';
import { SSO_REQUEST_COOKIE } from '../sso/sso-site.routes.ts';

vi.setConfig({ testTimeout: 120_000 });

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

const lastSignIn = async (userId: string) =>
  (
    await deps.database.db
      .select({ at: users.lastSignInAt })
      .from(users)
      .where(eq(users.id, userId))
  )[0]!.at;

describe('最終ログイン日時', () => {
  it('a password sign-in writes it once; a wrong password and later requests do not', async () => {
    const company = await makeCompany(deps);
    const user = await makeLoginUser(deps, company.id, { status: 1 });
    expect(await lastSignIn(user.id)).toBeNull();

    const wrong = await postForm(app, '/login', { email: user.email, password: 'wrong-pass-9' });
    expect(wrong.statusCode).toBe(400);
    expect(await lastSignIn(user.id)).toBeNull();

    const before = Date.now();
    const { res, cookie } = await logIn(app, user.email);
    expect(res.statusCode).toBe(303);
    const at = await lastSignIn(user.id);
    expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Requests of the signed-in browser leave it as the sign-in wrote it.
    for (let i = 0; i < 3; i += 1) expect((await tokenRequest(app, cookie)).statusCode).toBe(200);
    expect(await lastSignIn(user.id)).toEqual(at);
  });

  it('with a second factor: the password alone writes nothing, the right code does', async () => {
    const company = await makeCompany(deps);
    const secret = authenticator.generateSecret(20);
    const member = await makeLoginUser(deps, company.id, { mfa: 1, mfaSecret: secret });
    const { cookie } = await logIn(app, member.email);
    expect(await lastSignIn(member.id)).toBeNull();
    expect((await postForm(app, '/mfa/verify', { code: '000000' }, { cookie })).statusCode).toBe(
      400,
    );
    expect(await lastSignIn(member.id)).toBeNull();
    const ok = await postForm(
      app,
      '/mfa/verify',
      { code: authenticator.generate(secret) },
      { cookie },
    );
    expect(ok.statusCode).toBe(303);
    expect(await lastSignIn(member.id)).not.toBeNull();
  });

  it('after an admin’s reset: written when the new password completes the sign-in', async () => {
    const company = await makeCompany(deps);
    const user = await makeLoginUser(deps, company.id, { status: 2 });
    const { cookie } = await logIn(app, user.email);
    expect(await lastSignIn(user.id)).toBeNull();
    const done = await postForm(
      app,
      '/login/new_password',
      { password: 'brand-new-77', confirmation: 'brand-new-77' },
      { cookie },
    );
    expect(done.statusCode).toBe(303);
    expect(await lastSignIn(user.id)).not.toBeNull();
  });

  it('an invitation: written when the password set from the link signs the member in', async () => {
    const company = await makeCompany(deps);
    const user = await makeUser(deps, company.id, { status: 0 });
    await issuePasswordSetupLink(deps, deps.database.db, user);
    const path = /(\/password_setup\/[A-Za-z0-9_-]{43})/.exec(deps.sentMails.at(-1)!.text)![1]!;
    expect(await lastSignIn(user.id)).toBeNull();
    const done = await postForm(app, path, {
      password: 'first-pass-1',
      confirmation: 'first-pass-1',
    });
    expect(done.statusCode).toBe(303);
    expect(sessionCookieOf(done)).toBeTruthy();
    expect(await lastSignIn(user.id)).not.toBeNull();
  });

  it('an SSO sign-in writes it', async () => {
    const company = await makeCompany(deps);
    const idpKey = makeKey();
    await ssoRepo.saveSettings(
      deps.database.db,
      {
        companyId: company.id,
        idpEntityId: TEST_IDP,
        idpSsoUrl: 'https://idp.example.test/sso',
        idpCertificates: [idpKey.certB64],
        emailAttribute: 'mail',
        nameAttribute: 'displayName',
        organizationAttribute: 'department',
        exceptionUserIds: [],
        jitEnabled: false,
      },
      deps.clock(),
    );
    await ssoRepo.setEnabled(deps.database.db, company.id, true);
    await addSsoDomain(deps, company.id, 'lastsso.example.test', { verified: true });
    const member = await makeUser(deps, company.id, { email: 'sato@lastsso.example.test' });

    const start = await app.inject({ method: 'GET', url: `/sso/${company.id}/login` });
    const cookie = start.cookies.find((c) => c.name === SSO_REQUEST_COOKIE)!.value;
    const answer = idpAnswer(deps, company.id, idpKey, {
      requestId: requestIdOf(String(start.headers.location)),
      email: member.email,
      attributes: {},
    });
    const res = await postToAcs(app, company.id, answer, cookie);
    expect(res.statusCode).toBe(303);
    expect(sessionCookieOf(res)).toBeTruthy();
    expect(await lastSignIn(member.id)).not.toBeNull();
  });
});
