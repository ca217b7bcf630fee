import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { passwordSetupTokens, sessions, users } from '../../db/schema.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import { PASSWORD_RESET_SUBJECT, RESET_LIMIT_PER_EMAIL } from '../../auth/password-reset.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import {
  jobsSettled,
  logIn,
  makeLoginUser,
  postForm,
  PASSWORD,
} from '../../../test/support/site.world.ts';
import { PASSWORD_RESET_JOB } from './password-reset.jobs.ts';
import { RESET_LIMITED, RESET_SENT } from './password-reset.routes.ts';

let deps: TestDeps;
let app: FastifyInstance;
let companyId: string;
let now = new Date('2026-04-01T00:00:00Z');
let ipSeq = 0;

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now, worker: true });
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps, { name: '株式会社サンプル商事' })).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const freshIp = () => `10.9.0.${(ipSeq += 1)}`;
const LINK = /http:\/\/localhost:3000(\/password_reset\/[A-Za-z0-9_-]{43})/;

/** Asks on the forgot page; answers the page and the mailed path (if a mail went out). */
async function forgot(email: string, ip = freshIp()) {
  const before = deps.sentMails.length;
  const res = await postForm(app, '/password_forgot', { email }, { ip });
  // The mail goes out through a job, after the page has answered.
  await jobsSettled(deps, PASSWORD_RESET_JOB);
  const mail = deps.sentMails.slice(before).at(-1);
  return { res, mail, path: mail ? LINK.exec(mail.text)?.[1] : undefined };
}
const reset = (path: string, password: string, confirmation = password) =>
  postForm(app, path, { password, confirmation });

describe('パスワードをお忘れの方', () => {
  it('the login page links to it', async () => {
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.body).toContain('<a href="/password_forgot">パスワードをお忘れの方</a>');
  });

  it('round trip: mail with company, link and validity → new password → signed in → old password refused', async () => {
    const user = await makeLoginUser(deps, companyId, { name: '忘れ 花子' });
    const { res, mail, path } = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(RESET_SENT);
    expect(mail!.to).toBe(user.email);
    expect(mail!.subject).toBe(PASSWORD_RESET_SUBJECT);
    expect(mail!.text).toContain('宛先のお名前:\n> 忘れ 花子\n');
    expect(mail!.text).toContain('企業名:\n> 株式会社サンプル商事\n');
    expect(mail!.text).toContain('発行から60分間・1回限り');
    expect(mail!.text).toContain('お心当たりがない場合');

    const form = await app.inject({ method: 'GET', url: path! });
    expect(form.statusCode).toBe(200);
    expect(form.body).toMatch(new RegExp(`value="${user.email}"\\s+readonly`));
    const weak = await reset(path!, 'short');
    expect(weak.statusCode).toBe(400);

    const done = await reset(path!, 'new-pass-123');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:3000/');
    const cookie = done.cookies.find((c) => c.name === 'cs_session');
    expect(cookie?.value).toBeTruthy();
    expect((await logIn(app, user.email, PASSWORD, { ip: freshIp() })).cookie).toBeUndefined();
    expect((await logIn(app, user.email, 'new-pass-123', { ip: freshIp() })).cookie).toBeTruthy();
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const { res, mail } = await forgot('nobody-here@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(RESET_SENT);
    expect(mail).toBeUndefined();
  });

  it('a link is single use', async () => {
    const user = await makeLoginUser(deps, companyId);
    const { path } = await forgot(user.email);
    expect((await reset(path!, 'new-pass-123')).statusCode).toBe(303);
    const again = await reset(path!, 'other-pass-456');
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('このリンクは使えません');
  });

  it('a link expires after 60 minutes', async () => {
    const user = await makeLoginUser(deps, companyId);
    const { path } = await forgot(user.email);
    const start = now;
    now = new Date(start.getTime() + 61 * 60 * 1000);
    try {
      expect((await app.inject({ method: 'GET', url: path! })).statusCode).toBe(410);
    } finally {
      now = start;
    }
  });

  it('a newer link kills the older one', async () => {
    const user = await makeLoginUser(deps, companyId);
    const first = await forgot(user.email);
    const second = await forgot(user.email);
    expect((await app.inject({ method: 'GET', url: first.path! })).statusCode).toBe(410);
    expect((await app.inject({ method: 'GET', url: second.path! })).statusCode).toBe(200);
  });

  it('a password change kills an outstanding link', async () => {
    const user = await makeLoginUser(deps, companyId);
    const stale = await forgot(user.email);
    const fresh = await forgot(user.email);
    // The fresh link changes the password: the stale one was already dead, and so is nothing left behind.
    expect((await reset(fresh.path!, 'new-pass-123')).statusCode).toBe(303);
    const left = await deps.database.db
      .select()
      .from(passwordSetupTokens)
      .where(eq(passwordSetupTokens.userId, user.id));
    expect(left.map((l) => l.usedAt !== null)).toEqual([true]);
    expect((await reset(stale.path!, 'other-pass-456')).statusCode).toBe(410);
  });

  it('an email change kills an outstanding reset link', async () => {
    const user = await makeLoginUser(deps, companyId);
    const { path } = await forgot(user.email);
    const { revokeOnEmailChange } = await import('../../auth/revocation.ts');
    await deps.database.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ email: `moved-${user.email}` })
        .where(eq(users.id, user.id));
      await revokeOnEmailChange(tx, [user.id]);
    });
    expect((await app.inject({ method: 'GET', url: path! })).statusCode).toBe(410);
  });

  it('a reset link is not an invitation link, and an invitation link is not a reset link', async () => {
    const user = await makeLoginUser(deps, companyId);
    const { path } = await forgot(user.email);
    const asSetup = path!.replace('/password_reset/', '/password_setup/');
    expect((await app.inject({ method: 'GET', url: asSetup })).statusCode).toBe(404);
    const invited = await makeLoginUser(deps, companyId, { status: 0 });
    await issuePasswordSetupLink(deps, deps.database.db, invited, '管理 太郎');
    const invitation = deps.sentMails.at(-1)!;
    expect(invitation.text).toContain(
      '企業名:\n> 株式会社サンプル商事\n招待した管理者:\n> 管理 太郎\n',
    );
    const token = /\/password_setup\/([A-Za-z0-9_-]{43})/.exec(invitation.text)![1]!;
    expect((await app.inject({ method: 'GET', url: `/password_reset/${token}` })).statusCode).toBe(
      410,
    );
  });

  it('an invited member (no password yet) gets no reset mail', async () => {
    const invited = await makeLoginUser(deps, companyId, { status: 0 });
    expect((await forgot(invited.email)).mail).toBeUndefined();
  });

  it('is limited per address and per IP (429 with a Japanese page, no mail)', async () => {
    const user = await makeLoginUser(deps, companyId);
    for (let i = 0; i < RESET_LIMIT_PER_EMAIL; i += 1) {
      expect((await forgot(user.email)).res.statusCode).toBe(200);
    }
    const limited = await forgot(user.email);
    expect(limited.res.statusCode).toBe(429);
    expect(limited.res.body).toContain(RESET_LIMITED);
    expect(limited.mail).toBeUndefined();

    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) await forgot(`probe${i}@example.test`, ip);
    expect((await forgot('probe-last@example.test', ip)).res.statusCode).toBe(429);
  });

  it('signing in after a reset ends the sessions that knew the old password', async () => {
    const user = await makeLoginUser(deps, companyId);
    await logIn(app, user.email, PASSWORD, { ip: freshIp() });
    const { path } = await forgot(user.email);
    await reset(path!, 'new-pass-123');
    const left = await deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
  });
});
