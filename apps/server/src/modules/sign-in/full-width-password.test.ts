/**
 * Passwords typed with the Japanese input mode (IME) on, and e-mail addresses as typed: refused when a password
 * is set, recognised at sign-in without counting against the login limits, and existing full-width passwords
 * still sign in.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditEvents, loginAttempts, users } from '../../db/schema.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import { issuePasswordResetLink } from '../../auth/password-reset.ts';
import { FREE_FAILURES_PER_ACCOUNT } from '../../auth/login-throttle.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import {
  makeLoginUser,
  PASSWORD,
  postForm,
  sessionCookieOf,
} from '../../../test/support/site.world.ts';

// Several argon2 verifications per test.
vi.setConfig({ testTimeout: 120_000 });

const REFUSED = 'パスワードは半角英数字・記号で入力してください（全角文字が含まれています）';
const TYPED_FULL_WIDTH =
  'パスワードが全角で入力されています。入力モード（IME）をオフにして、半角で入力し直してください。この入力はログインの失敗には数えていません。';
const WRONG = 'メールアドレスまたはパスワードが正しくありません。';
const HINT =
  '入力されたパスワードに全角文字が含まれています。入力モード（IME）をオフにしてお試しください。';

/** 「correct-horse-42」 as typed with the IME on. */
const FULL_WIDTH_PASSWORD = 'ｃｏｒｒｅｃｔ－ｈｏｒｓｅ－４２';

let deps: TestDeps;
let app: FastifyInstance;
let companyId: string;
let ipSeq = 0;
const someIp = () => `198.19.7.${(ipSeq += 1)}`;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const attemptsOf = async (email: string) =>
  (await deps.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, email)))
    .length;
const login = (email: string, password: string, ip = someIp()) =>
  postForm(app, '/login', { email, password }, { ip });
const storedHash = async (id: string) =>
  (await deps.database.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

describe('setting a password with full-width characters', () => {
  it('is refused on the invitation link with the Japanese message, and nothing is stored', async () => {
    const user = await makeUser(deps, companyId, { status: 0 });
    await issuePasswordSetupLink(deps, deps.database.db, user);
    const path = /\/password_setup\/[A-Za-z0-9_-]{43}/.exec(deps.sentMails.at(-1)!.text)![0];
    for (const password of ['ｐａｓｓｗｏｒｄ１２３', 'password　123', 'パスワードabc123']) {
      const res = await postForm(app, path, { password, confirmation: password });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(REFUSED);
      expect(res.body).toContain('aria-invalid="true"');
    }
    expect(await storedHash(user.id)).toBeNull();
    // The same password typed in half width is fine.
    const ok = await postForm(app, path, { password: 'password123', confirmation: 'password123' });
    expect(ok.statusCode).toBe(303);
  });

  it('is refused on a reset link and at the login’s new-password step', async () => {
    const user = await makeLoginUser(deps, companyId);
    await issuePasswordResetLink(deps, deps.database.db, user);
    const path = /\/password_reset\/[A-Za-z0-9_-]{43}/.exec(deps.sentMails.at(-1)!.text)![0];
    const reset = await postForm(app, path, {
      password: 'ｎｅｗｐａｓｓ７７',
      confirmation: 'ｎｅｗｐａｓｓ７７',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.body).toContain(REFUSED);

    const asked = await makeLoginUser(deps, companyId, { status: 2 });
    const cookie = sessionCookieOf(await login(asked.email, PASSWORD));
    const step = await postForm(
      app,
      '/login/new_password',
      { password: 'ａｂｃｄｅｆｇ１２', confirmation: 'ａｂｃｄｅｆｇ１２' },
      { cookie },
    );
    expect(step.statusCode).toBe(400);
    expect(step.body).toContain(REFUSED);
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, asked.id));
    expect(row!.status).toBe(2);
  });
});

describe('signing in with the input mode on', () => {
  it('the right password in full width is told so and not counted: no delay follows however often', async () => {
    const user = await makeLoginUser(deps, companyId);
    const ip = someIp();
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT + 2; i += 1) {
      const res = await login(user.email, FULL_WIDTH_PASSWORD, ip);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(TYPED_FULL_WIDTH);
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect(await attemptsOf(user.email)).toBe(0);
    // Traceable like every refused sign-in, with its own reason (never the password).
    const events = await deps.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'auth.signInFailed')));
    expect(events).toHaveLength(FREE_FAILURES_PER_ACCOUNT + 2);
    expect(events.map((e) => e.details)).toContainEqual({ reason: 'full_width' });
    const ok = await login(user.email, PASSWORD, ip);
    expect(ok.statusCode).toBe(303);
    expect(sessionCookieOf(ok)).toBeTruthy();
  });

  it('a wrong password in full width counts as a failure, and the page points at the input mode', async () => {
    const user = await makeLoginUser(deps, companyId);
    const res = await login(user.email, 'ｗｒｏｎｇ－ｐａｓｓ１');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(WRONG + HINT);
    expect(await attemptsOf(user.email)).toBe(1);
    // An unknown address answers the same, and is counted the same.
    const unknown = await login('nobody-fw@example.test', FULL_WIDTH_PASSWORD);
    expect(unknown.body).toContain(WRONG + HINT);
    expect(await attemptsOf('nobody-fw@example.test')).toBe(1);
  });

  it('a half-width wrong password is told nothing about the input mode', async () => {
    const user = await makeLoginUser(deps, companyId);
    const res = await login(user.email, 'wrong-pass-1');
    expect(res.body).toContain(WRONG);
    expect(res.body).not.toContain(HINT);
    expect(await attemptsOf(user.email)).toBe(1);
  });

  it('a blocked account stays blocked for the full-width password too', async () => {
    const user = await makeLoginUser(deps, companyId);
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i += 1) await login(user.email, 'wrong-pass-1');
    const res = await login(user.email, FULL_WIDTH_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.body).not.toContain(TYPED_FULL_WIDTH);
  });

  it('an account that already holds a full-width password still signs in with it', async () => {
    const user = await makeUser(deps, companyId, {
      passwordHash: await hashPassword('ｐａｓｓｗｏｒｄ１２３'),
    });
    const res = await login(user.email, 'ｐａｓｓｗｏｒｄ１２３');
    expect(res.statusCode).toBe(303);
    expect(sessionCookieOf(res)).toBeTruthy();
    expect(await attemptsOf(user.email)).toBe(0);
  });
});

describe('e-mail addresses as typed', () => {
  it('the login takes 「＠」 and upper case, and shows the address as it is used', async () => {
    const user = await makeLoginUser(deps, companyId);
    const typed = user.email.toUpperCase().replace('@', '＠');
    const step = await postForm(app, '/login', { email: typed }, { ip: someIp() });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain(`value="${user.email}"`);
    expect((await login(typed, PASSWORD)).statusCode).toBe(303);
  });

  it('the login form leaves the address to the server, which answers in Japanese', async () => {
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.body).toMatch(/id="email"\s+name="email"\s+type="text"\s+inputmode="email"/);
    const res = await postForm(app, '/login', { email: 'yamada.kenji' }, { ip: someIp() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('メールアドレスの形式が正しくありません。');
  });

  it('「パスワードをお忘れの方」 carries the address typed, and the forgot form takes 「＠」', async () => {
    const user = await makeLoginUser(deps, companyId);
    const step = await postForm(app, '/login', { email: user.email }, { ip: someIp() });
    const href = `/password_forgot?email=${encodeURIComponent(user.email)}`;
    expect(step.body).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
    const forgot = await app.inject({ method: 'GET', url: href });
    expect(forgot.body).toMatch(new RegExp(`value="${user.email.replace(/\./g, '\\.')}"`));

    const sent = await postForm(
      app,
      '/password_forgot',
      { email: user.email.replace('@', '＠') },
      { ip: someIp() },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('メールを確認してください');
    const malformed = await postForm(
      app,
      '/password_forgot',
      { email: 'yamada' },
      { ip: someIp() },
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('メールアドレスの形式が正しくありません。');
  });
});
