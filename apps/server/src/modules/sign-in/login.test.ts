import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parseEnv } from '../../config/env.ts';
import { loginAttempts } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import { logIn, makeLoginUser, postForm, PASSWORD } from '../../../test/support/site.world.ts';

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

const ERROR = 'メールアドレスまたはパスワードが正しくありません。';

describe('GET /login', () => {
  it('asks for the email first (次へ, no password field), with escaped return_to, CSP and no caching', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/login?return_to=%2Fcompany%2Fmembers%3Fq%3D%22%3E%3Cscript%3E',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<label for="email">メールアドレス</label>');
    expect(res.body).toMatch(
      /<input\s+id="email"\s+name="email"\s+type="text"\s+inputmode="email"\s+autocomplete="username"/,
    );
    expect(res.body).toContain('<button type="submit" class="btn-primary">次へ</button>');
    expect(res.body).not.toContain('type="password"');
    expect(res.body).toContain('<a href="/password_forgot">パスワードをお忘れの方</a>');
    expect(res.body).toContain('<title>ログイン | クラウドサイン</title>');
    expect(res.body).not.toContain('"><script>');
    expect(res.body).toContain('value="/company/members?q=%22%3E%3Cscript%3E"');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' http://localhost:3001");
    expect(csp).not.toContain('googletagmanager');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('shows the notice it knows, and none for a name that is not one (was a 500 for __proto__)', async () => {
    const known = await app.inject({ method: 'GET', url: '/login?notice=password_set' });
    expect(known.body).toContain(
      '<p class="alert alert-info" role="status">パスワードを設定しました。新しいパスワードでログインしてください。</p>',
    );
    for (const notice of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const res = await app.inject({
        method: 'GET',
        url: `/login?notice=${notice}&return_to=%7B%7D`,
      });
      expect(res.statusCode, notice).toBe(200);
      expect(res.body, notice).toContain('<label for="email">メールアドレス</label>');
      expect(res.body, notice).not.toContain('class="alert');
    }
  });
});

describe('POST /login', () => {
  it('signs in: HttpOnly, SameSite=Lax cookie (not Secure on http) and a redirect to return_to', async () => {
    const user = await makeLoginUser(deps, companyId);
    const { res, cookie } = await logIn(app, user.email.toUpperCase(), PASSWORD, {
      returnTo: '/company/members?page=2',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/company/members?page=2');
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
  });

  it('answers the same Japanese error for a wrong password and an unknown email, with no cookie', async () => {
    const user = await makeLoginUser(deps, companyId);
    const wrong = await postForm(
      app,
      '/login',
      { email: user.email, password: 'wrong-password-1' },
      { ip: '10.0.0.1' },
    );
    const unknown = await postForm(
      app,
      '/login',
      { email: 'nobody@example.test', password: PASSWORD },
      { ip: '10.0.0.1' },
    );
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(ERROR);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(wrong.body).toContain(`value="${user.email}"`);
  });

  it('refuses an invited member (status 0) with the same message', async () => {
    const invited = await makeLoginUser(deps, companyId, { status: 0 });
    const res = await postForm(
      app,
      '/login',
      { email: invited.email, password: PASSWORD },
      { ip: '10.0.0.2' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(ERROR);
  });

  it('refuses a NUL in any field with a Japanese 400 page and records nothing (was a 500)', async () => {
    const before = await deps.database.db.select().from(loginAttempts);
    for (const fields of <Record<string, string>[]>[
      { email: 'a\u0000b@example.com', password: PASSWORD },
      { email: 'a@example.com', password: 'x\u0000' },
      { email: 'a@example.com', password: PASSWORD, return_to: '/\u0000' },
    ]) {
      const res = await postForm(app, '/login', fields, { ip: '10.0.9.1' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<title>入力内容を確認してください | クラウドサイン</title>');
      expect(res.body).toContain(
        '使用できない文字（NUL 文字、または対になっていないサロゲート文字）が含まれています。入力内容を確認して、もう一度お試しください。',
      );
      expect(res.body).toContain('<a class="btn-primary" href="/login">入力画面に戻る</a>');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await deps.database.db.select().from(loginAttempts)).toEqual(before);
  });

  it('asks for the email when step 1 is sent empty, nothing else', async () => {
    const res = await postForm(app, '/login', { email: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      '<p class="alert alert-error" role="alert">メールアドレスを入力してください。</p>',
    );
    expect(res.body).not.toContain('type="password"');
  });

  it('asks for the password when step 2 is sent without one, keeping the email', async () => {
    const res = await postForm(app, '/login', { email: 'someone@example.test', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      '<p class="alert alert-error" role="alert">パスワードを入力してください。</p>',
    );
    expect(res.body).toContain('value="someone@example.test"');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    '//evil.com',
    'https://evil.com',
    '/\\evil.com',
    'javascript:alert(1)',
    '/\r\nSet-Cookie:x=1',
    '///evil.com',
    '/\t/evil.com',
  ])('lands on / for the open-redirect attempt %s', async (returnTo) => {
    const user = await makeLoginUser(deps, companyId);
    const { res } = await logIn(app, user.email, PASSWORD, { returnTo, ip: '10.0.1.1' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/');
  });

  it('refuses a login form posted from another site', async () => {
    const user = await makeLoginUser(deps, companyId);
    const res = await postForm(
      app,
      '/login',
      { email: user.email, password: PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('別のサイトから送信されたため');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('accepts Origin: null only when the browser marks the post same-origin', async () => {
    const user = await makeLoginUser(deps, companyId);
    const vouched = await postForm(
      app,
      '/login',
      { email: user.email, password: PASSWORD },
      { headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } },
    );
    expect(vouched.statusCode).toBe(303);
    const bare = await postForm(
      app,
      '/login',
      { email: user.email, password: PASSWORD },
      { headers: { origin: 'null' } },
    );
    expect(bare.statusCode).toBe(403);
    const sameSite = await postForm(
      app,
      '/login',
      { email: user.email, password: PASSWORD },
      { headers: { origin: 'http://localhost:3001', 'sec-fetch-site': 'same-site' } },
    );
    expect(sameSite.statusCode).toBe(403);
  });

  it('sends a member whose password was reset (status 2) to set a new one before any token', async () => {
    const user = await makeLoginUser(deps, companyId, { status: 2 });
    const { res, cookie } = await logIn(app, user.email, PASSWORD, {
      returnTo: '/cabinets',
      ip: '10.0.2.1',
    });
    expect(res.headers.location).toBe(
      'http://localhost:3000/login/new_password?return_to=%2Fcabinets',
    );
    const c = { cookie: `cs_session=${cookie}`, 'x-requested-with': 'XMLHttpRequest' };
    expect(
      (await app.inject({ method: 'GET', url: '/api/token/jwt', headers: c })).statusCode,
    ).toBe(403);
    const page = await app.inject({
      method: 'GET',
      url: '/login/new_password?return_to=%2Fcabinets',
      headers: c,
    });
    expect(page.body).toContain('パスワードの再設定が必要です。');
    const same = await postForm(
      app,
      '/login/new_password',
      { password: PASSWORD, confirmation: PASSWORD, return_to: '/cabinets' },
      { cookie },
    );
    expect(same.statusCode).toBe(400);
    expect(same.body).toContain('現在のパスワードとは異なるパスワードを設定してください。');
    const ok = await postForm(
      app,
      '/login/new_password',
      { password: 'brand-new-77', confirmation: 'brand-new-77', return_to: '/cabinets' },
      { cookie },
    );
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('http://localhost:3000/cabinets');
    expect(
      (await app.inject({ method: 'GET', url: '/api/token/jwt', headers: c })).statusCode,
    ).toBe(200);
    expect(
      (await logIn(app, user.email, 'brand-new-77', { ip: '10.0.2.2' })).res.headers.location,
    ).toBe('http://localhost:3000/');
  });
});

describe('secure cookie under https', () => {
  it('marks the session cookie Secure when SITE_URL is https', async () => {
    const env = parseEnv({
      ...deps.env,
      PORT: String(deps.env.PORT),
      API_PORT: String(deps.env.API_PORT),
      SITE_URL: 'https://console.example.jp',
      API_URL: 'https://api.example.jp',
    });
    const httpsApp = await buildSiteApp({ ...deps, env });
    try {
      const user = await makeLoginUser(deps, companyId);
      const { res } = await logIn(httpsApp, user.email, PASSWORD, { ip: '10.0.3.1' });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await httpsApp.close();
    }
  });
});
