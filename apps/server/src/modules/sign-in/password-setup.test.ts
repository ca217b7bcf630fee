import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { issuePasswordSetupLink, PASSWORD_SETUP_SUBJECT } from '../../auth/password-setup.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import {
  logIn,
  postForm,
  sessionCookieOf,
  tokenRequest,
} from '../../../test/support/site.world.ts';

let deps: TestDeps;
let app: FastifyInstance;
let companyId: string;
let now = new Date('2026-04-01T00:00:00Z');

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

async function invite(name = '招待 次郎') {
  const user = await makeUser(deps, companyId, { status: 0, name });
  await issuePasswordSetupLink(deps, deps.database.db, user);
  const mail = deps.sentMails.at(-1)!;
  const link = /http:\/\/localhost:3000(\/password_setup\/[A-Za-z0-9_-]{43})/.exec(mail.text);
  return { user, mail, path: link![1]! };
}
const setPassword = (path: string, password: string, confirmation = password) =>
  postForm(app, path, { password, confirmation });

describe('password setup links', () => {
  it('mails a Japanese link; the link sets the password, makes the member valid, and login then works', async () => {
    const { user, mail, path } = await invite();
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe(PASSWORD_SETUP_SUBJECT);
    expect(mail.subject).toBe('【クラウドサイン】パスワード設定のご案内');
    expect(mail.text).toContain('宛先のお名前:\n> 招待 次郎\n');
    expect(mail.text).toContain('2026年4月11日');

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('パスワードの設定');
    // The address is shown, not editable: the link belongs to it.
    expect(page.body).toMatch(
      new RegExp(`value="${user.email.replace(/\./g, '\\.')}"\\s+readonly`),
    );
    expect(page.headers['referrer-policy']).toBe('same-origin');

    const done = await setPassword(path, 'first-pass-1');
    expect(done.statusCode).toBe(303);
    // Signed in, as after a reset: straight into the console, not to an empty login form.
    expect(done.headers.location).toBe('http://localhost:3000/');
    const cookie = sessionCookieOf(done);
    expect(cookie).toBeTruthy();
    expect((await tokenRequest(app, cookie)).statusCode).toBe(200);
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe(1);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await logIn(app, user.email, 'first-pass-1')).res.headers.location).toBe(
      'http://localhost:3000/',
    );

    const again = await app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('このリンクはすでに使用されています。');
    expect((await setPassword(path, 'second-pass-2')).statusCode).toBe(410);
  });

  it('checks the password rules with Japanese messages and writes nothing', async () => {
    const { user, path } = await invite();
    const cases: [string, string, string][] = [
      ['short1', 'short1', 'パスワードは8文字以上128文字以内で入力してください。'],
      [
        'a'.repeat(120) + '1'.repeat(9),
        'x',
        'パスワードは8文字以上128文字以内で入力してください。',
      ],
      ['onlyletters', 'onlyletters', 'パスワードには英字と数字をそれぞれ1文字以上含めてください。'],
      ['12345678', '12345678', 'パスワードには英字と数字をそれぞれ1文字以上含めてください。'],
      ['good-pass-1', 'good-pass-2', 'パスワードが一致しません。'],
      ['good-pass-1', '', '確認のため、もう一度パスワードを入力してください。'],
    ];
    for (const [password, confirmation, message] of cases) {
      const res = await setPassword(path, password, confirmation);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe(0);
    expect(row!.passwordHash).toBeNull();
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });

  it('kills the old link when a new one is issued', async () => {
    const { user, path: oldPath } = await invite();
    await issuePasswordSetupLink(deps, deps.database.db, user);
    const newPath = /\/password_setup\/[A-Za-z0-9_-]{43}/.exec(deps.sentMails.at(-1)!.text)![0];
    const old = await app.inject({ method: 'GET', url: oldPath });
    expect(old.statusCode).toBe(404);
    expect(old.body).toContain('<h1 class="card-title">このリンクは無効です</h1>');
    expect((await setPassword(oldPath, 'some-pass-3')).statusCode).toBe(404);
    expect((await setPassword(newPath, 'some-pass-3')).statusCode).toBe(303);
  });

  it('refuses a link older than 10 days', async () => {
    const { path } = await invite();
    now = new Date(now.getTime() + 10 * 24 * 3600 * 1000 + 1000);
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('このリンクの有効期限（発行から10日間）が切れています。');
    expect((await setPassword(path, 'late-pass-4')).statusCode).toBe(410);
  });

  it('answers unknown or malformed tokens with the invalid-link page', async () => {
    for (const url of ['/password_setup/' + 'x'.repeat(43), '/password_setup/%3Cscript%3E']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('最新のメールのリンクをご利用ください。');
      expect(res.body).not.toContain('<script>');
    }
  });
});
