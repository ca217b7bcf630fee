/** The email-first login: step 1 (メールアドレス → 次へ) leads to step 2 (the password) for every non-SSO address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import {
  makeLoginUser,
  postForm,
  PASSWORD,
  sessionCookieOf,
} from '../../../test/support/site.world.ts';

let deps: TestDeps;
let app: FastifyInstance;
let companyId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

/** The visible form of step 2, for `email`, returning to `returnTo`. */
function expectPasswordStep(body: string, email: string, returnTo: string) {
  expect(body).toContain('<title>ログイン | クラウドサイン</title>');
  expect(body).toContain(`<input type="hidden" name="return_to" value="${returnTo}" />`);
  expect(body).toMatch(
    new RegExp(
      `<input\\s+id="email"\\s+name="email"\\s+type="email"\\s+autocomplete="username"\\s+maxlength="254"\\s+value="${email}"\\s+readonly\\s+/>`,
    ),
  );
  expect(body).toMatch(
    /<input\s+id="password"\s+name="password"\s+type="password"\s+autocomplete="current-password"\s+maxlength="128"\s+required\s+autofocus\s+\/>/,
  );
  expect(body).toContain('<button type="submit" class="btn-primary">ログイン</button>');
  // 「パスワードをお忘れの方」 carries the address typed in step 1.
  const forgot = `/password_forgot?email=${encodeURIComponent(email)}`;
  expect(body).toContain(`<a href="${forgot}">パスワードをお忘れの方</a>`);
}

describe('email-first login', () => {
  it('step 1 → step 2 for a password member, then signs in to return_to', async () => {
    const user = await makeLoginUser(deps, companyId);
    const step1 = await postForm(app, '/login', {
      email: ` ${user.email} `,
      return_to: '/documents',
    });
    expect(step1.statusCode).toBe(200);
    expect(step1.headers['set-cookie']).toBeUndefined();
    expectPasswordStep(step1.body, user.email, '/documents');
    expect(step1.body).not.toContain('role="alert"');

    const step2 = await postForm(app, '/login', {
      email: user.email,
      password: PASSWORD,
      return_to: '/documents',
    });
    expect(step2.statusCode).toBe(303);
    expect(step2.headers.location).toBe('http://localhost:3000/documents');
    expect(sessionCookieOf(step2)).toBeTruthy();
  });

  it('leads an unknown address to the same password step, which then fails like a wrong password', async () => {
    const user = await makeLoginUser(deps, companyId);
    const known = await postForm(app, '/login', { email: user.email }, { ip: '10.2.0.1' });
    // The unknown address where it appears (the field, the forgot link), read as the known one.
    const asKnown = (body: string) =>
      body
        .replaceAll('nobody@example.test', user.email)
        .replaceAll('nobody%40example.test', encodeURIComponent(user.email));
    const unknown = await postForm(
      app,
      '/login',
      { email: 'nobody@example.test' },
      { ip: '10.2.0.1' },
    );
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(asKnown(unknown.body)).toBe(known.body);

    const wrong = await postForm(
      app,
      '/login',
      { email: user.email, password: 'wrong-password-1' },
      { ip: '10.2.0.1' },
    );
    const nobody = await postForm(
      app,
      '/login',
      { email: 'nobody@example.test', password: PASSWORD },
      { ip: '10.2.0.1' },
    );
    for (const res of [wrong, nobody]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).toContain(
        '<p class="alert alert-error" role="alert">メールアドレスまたはパスワードが正しくありません。</p>',
      );
    }
    expect(asKnown(nobody.body)).toBe(wrong.body);
    expectPasswordStep(nobody.body, 'nobody@example.test', '/');
  });

  it('「変更」 goes back to step 1, keeping return_to', async () => {
    const step2 = await postForm(app, '/login', {
      email: 'a@example.test',
      return_to: '/documents',
    });
    const change = /<a class="link" href="([^"]+)">変更<\/a>/.exec(step2.body);
    expect(change?.[1]).toBe('/login?return_to=%2Fdocuments');
    const step1 = await app.inject({ method: 'GET', url: change![1]! });
    expect(step1.statusCode).toBe(200);
    expect(step1.body).toContain('<button type="submit" class="btn-primary">次へ</button>');
    expect(step1.body).toContain('<input type="hidden" name="return_to" value="/documents" />');
    expect(step1.body).not.toContain('type="password"');
  });
});
