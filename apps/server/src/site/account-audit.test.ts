/**
 * A member's own account in the audit log: setting MFA up, setting a first password from an invitation,
 * resetting a forgotten one and the new password after an admin's reset are each one event by and about
 * the member, from the browser that did it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { authenticator } from 'otplib';
import { issuePasswordSetupLink } from '../auth/password-setup.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany, makeUser } from '../../test/support/fixtures.ts';
import { buildSiteApp } from '../site-app.ts';
import { jobsSettled, logIn, makeLoginUser, postForm } from '../../test/support/site.world.ts';
import { PASSWORD_RESET_JOB } from '../modules/sign-in/password-reset.jobs.ts';
import { findEventPage } from '../modules/audit-log/audit-log.repository.ts';

vi.setConfig({ testTimeout: 120_000 });

let deps: TestDeps;
let app: FastifyInstance;
const now = new Date('2026-04-01T09:00:00Z');
const UA = { 'user-agent': 'AuditBrowser/2.0' };

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now, worker: true });
  app = await buildSiteApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

/** The member's own events, newest first, without the sign-ins around them. */
const accountEvents = async (companyId: string) =>
  (await findEventPage(deps.database.db, { companyId }, 20))
    .filter((e) => e.action !== 'auth.signIn')
    .map((e) => ({
      action: e.action,
      actor: [e.actorId, e.actorName, e.actorEmail],
      target: [e.targetType, e.targetId, e.targetName],
      userAgent: e.userAgent,
      ip: e.ip,
    }));
const about = (u: { id: string; name: string; email: string }) => ({
  actor: [u.id, u.name, u.email],
  target: ['member', u.id, u.name],
});

describe('audit log: a member sets up their own account', () => {
  it('MFA set up at the company’s request is recorded (auth.mfaSetUp); a wrong code records nothing', async () => {
    const company = await makeCompany(deps, { mfa: 2 });
    const user = await makeLoginUser(deps, company.id, { name: '二要素 花子' });
    const { cookie } = await logIn(app, user.email, undefined, { ip: '192.0.2.31' });
    const page = await app.inject({
      method: 'GET',
      url: '/mfa/setup',
      headers: { cookie: `cs_session=${cookie}` },
    });
    const secret = /name="secret" value="([A-Z2-7]{32})"/.exec(page.body)![1]!;
    const code = authenticator.clone({ epoch: now.getTime() }).generate(secret);
    const bad = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const opts = { cookie, ip: '192.0.2.31', headers: UA };
    expect((await postForm(app, '/mfa/setup', { secret, code: bad }, opts)).statusCode).toBe(400);
    expect(await accountEvents(company.id)).toEqual([]);

    expect((await postForm(app, '/mfa/setup', { secret, code }, opts)).statusCode).toBe(200);
    expect(await accountEvents(company.id)).toEqual([
      { action: 'auth.mfaSetUp', ...about(user), userAgent: 'AuditBrowser/2.0', ip: '192.0.2.31' },
    ]);
  });

  it('a first password from the invitation link is recorded (auth.passwordSet)', async () => {
    const company = await makeCompany(deps);
    const user = await makeUser(deps, company.id, { status: 0, name: '招待 次郎' });
    await issuePasswordSetupLink(deps, deps.database.db, user);
    const path = /http:\/\/localhost:3000(\/password_setup\/[A-Za-z0-9_-]{43})/.exec(
      deps.sentMails.at(-1)!.text,
    )![1]!;
    const fields = { password: 'first-pass-1', confirmation: 'first-pass-1' };
    const done = await postForm(app, path, fields, { ip: '192.0.2.32', headers: UA });
    expect(done.statusCode).toBe(303);
    expect(await accountEvents(company.id)).toEqual([
      {
        action: 'auth.passwordSet',
        ...about(user),
        userAgent: 'AuditBrowser/2.0',
        ip: '192.0.2.32',
      },
    ]);
    // The used link cannot set it again, and nothing more is recorded.
    expect((await postForm(app, path, fields, { ip: '192.0.2.32' })).statusCode).toBe(410);
    expect(await accountEvents(company.id)).toHaveLength(1);
  });

  it('a forgotten password reset through the mailed link is recorded (auth.passwordReset)', async () => {
    const company = await makeCompany(deps);
    const user = await makeLoginUser(deps, company.id, { name: '忘れ 三郎' });
    await postForm(
      app,
      '/password_forgot',
      { email: user.email },
      { ip: '192.0.2.33', headers: UA },
    );
    await jobsSettled(deps, PASSWORD_RESET_JOB);
    const path = /http:\/\/localhost:3000(\/password_reset\/[A-Za-z0-9_-]{43})/.exec(
      deps.sentMails.at(-1)!.text,
    )![1]!;
    const requested = {
      action: 'auth.passwordResetRequested',
      ...about(user),
      userAgent: 'AuditBrowser/2.0',
      ip: '192.0.2.33',
    };
    expect(await accountEvents(company.id)).toEqual([requested]);
    const done = await postForm(
      app,
      path,
      { password: 'new-pass-123', confirmation: 'new-pass-123' },
      { ip: '192.0.2.33', headers: UA },
    );
    expect(done.statusCode).toBe(303);
    expect(await accountEvents(company.id)).toEqual([
      {
        action: 'auth.passwordReset',
        ...about(user),
        userAgent: 'AuditBrowser/2.0',
        ip: '192.0.2.33',
      },
      requested,
    ]);
  });

  it('a new password after an admin’s reset, asked at login, is recorded (auth.passwordReset)', async () => {
    const company = await makeCompany(deps);
    const user = await makeLoginUser(deps, company.id, { name: '再設定 四郎', status: 2 });
    const { cookie } = await logIn(app, user.email, undefined, { ip: '192.0.2.34' });
    const done = await postForm(
      app,
      '/login/new_password',
      { password: 'brand-new-77', confirmation: 'brand-new-77' },
      { cookie, ip: '192.0.2.34', headers: UA },
    );
    expect(done.statusCode).toBe(303);
    expect(await accountEvents(company.id)).toEqual([
      {
        action: 'auth.passwordReset',
        ...about(user),
        userAgent: 'AuditBrowser/2.0',
        ip: '192.0.2.34',
      },
    ]);
  });
});
