/**
 * While a company requires SSO, only its break-glass exceptions (company admins) hold password sessions: at
 * every way a session is made or used (password login, reset link, invitation, MFA step, token, the api's
 * live-session check), and for sessions made before SSO was switched on. The pages say why in Japanese.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { buildApiApp } from '../../api-app.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import * as ssoRepo from '../sso/sso.repository.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { makeSsoSettings } from '../../../test/support/sso.world.ts';
import { buildSiteApp } from '../../site-app.ts';
import { RESET_SENT } from './password-reset.routes.ts';
import { PASSWORD_RESET_JOB } from './password-reset.jobs.ts';
import {
  jobsSettled,
  logIn,
  makeLoginUser,
  PASSWORD,
  postForm,
  tokenRequest,
} from '../../../test/support/site.world.ts';

vi.setConfig({ testTimeout: 120_000 });

const SSO_REQUIRED =
  'この組織ではシングルサインオン（SSO）でのログインが必要なため、パスワードではログインできません。組織の IdP からログインしてください。';

let deps: TestDeps;
let site: FastifyInstance;
let api: FastifyInstance;
let companyId: string;
type Member = Awaited<ReturnType<typeof makeLoginUser>>;
let admin: Member;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  site = await buildSiteApp(deps);
  api = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  admin = await makeLoginUser(deps, companyId, { roles: ['CompanyAdmin'] });
  await makeSsoSettings(deps, [companyId]);
  const settings = (await ssoRepo.findSettings(deps.database.db, companyId))!;
  await ssoRepo.saveSettings(
    deps.database.db,
    { ...settings, exceptionUserIds: [admin.id] },
    deps.clock(),
  );
});
afterAll(async () => {
  await Promise.all([site.close(), api.close()]);
  await deps.cleanup();
});

const requireSso = (on: boolean) => ssoRepo.setEnabled(deps.database.db, companyId, on);
const withSso = async (run: () => Promise<void>) => {
  await requireSso(true);
  try {
    await run();
  } finally {
    await requireSso(false);
  }
};
const getPage = (url: string, cookie?: string) =>
  site.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie: `cs_session=${cookie}` } : {},
  });
const me = (jwt: string) =>
  api.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${jwt}` } });
const jwtOf = async (cookie: string | undefined) =>
  (await tokenRequest(site, cookie)).json<{ jwt: string }>().jwt;
const mailsTo = (email: string) => deps.sentMails.filter((m) => m.to === email);
const linkIn = (text: string) => /http:\/\/localhost:3000(\/password_reset\/\S+)/.exec(text)![1]!;

describe('sessions made before SSO was switched on', () => {
  it("a member's password session ends: no token, the token already minted is refused, /login says why", async () => {
    const member = await makeLoginUser(deps, companyId);
    const { cookie } = await logIn(site, member.email);
    const jwt = await jwtOf(cookie);
    expect((await me(jwt)).statusCode).toBe(200);
    const adminSession = (await logIn(site, admin.email)).cookie;

    await withSso(async () => {
      expect((await me(jwt)).statusCode).toBe(401);
      expect((await tokenRequest(site, cookie)).statusCode).toBe(403);
      const page = await getPage('/login', cookie);
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain(SSO_REQUIRED);
      expect(page.cookies.find((c) => c.name === 'cs_session')?.value).toBe('');
      // The session itself is gone, not only forgotten by this browser.
      expect((await getPage('/login', cookie)).body).not.toContain(SSO_REQUIRED);
      // The break-glass admin keeps his.
      expect((await me(await jwtOf(adminSession))).statusCode).toBe(200);
    });
  });

  it('a login halfway through its second factor goes no further', async () => {
    const member = await makeLoginUser(deps, companyId, {
      mfa: 1,
      mfaSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    });
    const { res, cookie } = await logIn(site, member.email);
    expect(res.headers.location).toBe('http://localhost:3000/mfa/verify');
    await withSso(async () => {
      for (const step of [
        getPage('/mfa/verify', cookie),
        postForm(site, '/mfa/verify', { code: '000000' }, { cookie }),
      ]) {
        const r = await step;
        expect(r.statusCode).toBe(303);
        expect(r.headers.location).toBe('http://localhost:3000/login');
      }
      expect((await getPage('/login', cookie)).body).toContain(SSO_REQUIRED);
    });
  });

  it('a new-password step (after an admin reset) goes no further', async () => {
    const member = await makeLoginUser(deps, companyId, { status: 2 });
    const { cookie } = await logIn(site, member.email);
    await withSso(async () => {
      const r = await postForm(
        site,
        '/login/new_password',
        { password: 'another-horse-77', confirmation: 'another-horse-77' },
        { cookie },
      );
      expect(r.headers.location).toBe('http://localhost:3000/login');
      const [row] = await deps.database.db.select().from(users).where(eq(users.id, member.id));
      expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(true);
    });
  });
});

describe('password resets are for the exceptions only', () => {
  it('「パスワードをお忘れの方」 mails the exception admin, and nobody else (same answer)', async () => {
    const member = await makeLoginUser(deps, companyId);
    await withSso(async () => {
      const a = await postForm(site, '/password_forgot', { email: member.email });
      const b = await postForm(site, '/password_forgot', { email: admin.email });
      for (const r of [a, b]) {
        expect(r.statusCode).toBe(200);
        expect(r.body).toContain(RESET_SENT);
      }
      await jobsSettled(deps, PASSWORD_RESET_JOB);
      expect(mailsTo(admin.email)).toHaveLength(1);
      expect(mailsTo(member.email)).toHaveLength(0);
    });
  });

  it('a reset link mailed before SSO was switched on sets nothing and signs nobody in', async () => {
    const member = await makeLoginUser(deps, companyId);
    await postForm(site, '/password_forgot', { email: member.email });
    await jobsSettled(deps, PASSWORD_RESET_JOB);
    expect(mailsTo(member.email)).toHaveLength(1);
    const link = linkIn(mailsTo(member.email)[0]!.text);
    await withSso(async () => {
      const page = await getPage(link);
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain(SSO_REQUIRED);
      const fields = { password: 'another-horse-77', confirmation: 'another-horse-77' };
      const post = await postForm(site, link, fields);
      expect(post.statusCode).toBe(403);
      expect(post.body).toContain(SSO_REQUIRED);
      expect(post.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();
      const [row] = await deps.database.db.select().from(users).where(eq(users.id, member.id));
      expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(true);
    });
  });

  it('an admin cannot send a reset mail to a member who signs in through the IdP (409, Japanese)', async () => {
    const member = await makeLoginUser(deps, companyId);
    const { headers } = await signIn(deps, admin);
    await withSso(async () => {
      const res = await api.inject({
        method: 'PUT',
        url: `/users/${member.id}/password_reset`,
        headers,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: {
          code: 'invalid_state',
          message:
            'この組織ではシングルサインオン（SSO）でログインするため、このメンバーにはパスワード再設定メールを送れません。パスワードでログインできるのは SSO の例外に指定された管理者だけです。',
        },
      });
      expect(mailsTo(member.email)).toHaveLength(0);
      const own = await api.inject({
        method: 'PUT',
        url: `/users/${admin.id}/password_reset`,
        headers,
      });
      expect(own.statusCode).toBe(200);
      // The detail says so up front, so the drawer offers no mail it would refuse; the exception may have one.
      const detailOf = async (id: string) =>
        (await api.inject({ method: 'GET', url: `/users/${id}`, headers })).json<{
          user: { isPasswordAllowed?: boolean };
        }>().user.isPasswordAllowed;
      expect([await detailOf(member.id), await detailOf(admin.id)]).toEqual([false, true]);
    });
    // SSO off again: a password is his.
    const res = await api.inject({ method: 'GET', url: `/users/${member.id}`, headers });
    expect(res.json<{ user: { isPasswordAllowed?: boolean } }>().user.isPasswordAllowed).toBe(true);
  });

  it('an invitation sets the first password and then points to the IdP', async () => {
    const invited = await makeUser(deps, companyId, { status: 0 });
    await deps.database.db.transaction((tx) => issuePasswordSetupLink(deps, tx, invited));
    const link = /\/password_setup\/\S+/.exec(mailsTo(invited.email)[0]!.text)![0];
    await withSso(async () => {
      const fields = { password: 'another-horse-77', confirmation: 'another-horse-77' };
      const res = await postForm(site, link, fields);
      expect(res.headers.location).toBe('http://localhost:3000/login?notice=password_set_sso');
      const page = await getPage('/login?notice=password_set_sso');
      expect(page.body).toContain(
        'パスワードを設定しました。この組織ではシングルサインオン（SSO）でログインします。メールアドレスを入力すると、組織の IdP に移動します。',
      );
    });
  });
});

describe('a break-glass exception lasts only as long as the admin privilege', () => {
  it('an exception who is no longer a company admin is refused a password sign-in, and his session ends', async () => {
    const former = await makeLoginUser(deps, companyId, { roles: ['CompanyAdmin'] });
    const settings = (await ssoRepo.findSettings(deps.database.db, companyId))!;
    await ssoRepo.saveSettings(
      deps.database.db,
      { ...settings, exceptionUserIds: [admin.id, former.id] },
      deps.clock(),
    );
    await withSso(async () => {
      const { cookie } = await logIn(site, former.email);
      expect((await tokenRequest(site, cookie)).statusCode).toBe(200);
      await deps.database.db.update(users).set({ roles: [] }).where(eq(users.id, former.id));
      expect((await tokenRequest(site, cookie)).statusCode).toBe(403);
      // The email step asks the same policy: he is sent to the IdP like any member, with or without a password.
      const again = await logIn(site, former.email);
      expect(again.res.body).toContain('組織の IdP のログイン画面に移動します');
      expect(again.res.headers.refresh).toBe(`0; url=/sso/${companyId}/login`);
      expect(again.cookie).toBeUndefined();
      const step = await postForm(site, '/login', { email: former.email });
      expect(step.headers.refresh).toBe(`0; url=/sso/${companyId}/login`);
    });
  });

  it('an admin who is an exception cannot be demoted until he is taken off the list (409, Japanese)', async () => {
    const other = await makeLoginUser(deps, companyId, { roles: ['CompanyAdmin'] });
    const settings = (await ssoRepo.findSettings(deps.database.db, companyId))!;
    await ssoRepo.saveSettings(
      deps.database.db,
      { ...settings, exceptionUserIds: [admin.id, other.id] },
      deps.clock(),
    );
    const { headers } = await signIn(deps, admin);
    const demote = () =>
      api.inject({
        method: 'PUT',
        url: `/users/${other.id}`,
        headers: { ...headers, 'if-match': '*' },
        payload: { roles: ['CompanyApprover'] },
      });
    const message =
      'このメンバーは SSO の例外（SSO が有効な間もパスワードでログインできる管理者）に指定されているため、組織管理権限を外せません。先に SSO 設定の例外から外してください。';
    const refused = await demote();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'invalid_state', message, details: [{ path: 'roles', message }] },
    });
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.roles).toEqual(['CompanyAdmin']);

    await ssoRepo.saveSettings(
      deps.database.db,
      { ...settings, exceptionUserIds: [admin.id] },
      deps.clock(),
    );
    expect((await demote()).statusCode).toBe(200);
  });
});
