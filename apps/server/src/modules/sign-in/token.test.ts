import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { createAccessTokenVerifier, signAccessToken } from '../../auth/access-token.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import { logIn, makeLoginUser, postForm, tokenRequest } from '../../../test/support/site.world.ts';

let deps: TestDeps;
let app: FastifyInstance;
let user: Awaited<ReturnType<typeof makeLoginUser>>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
  const company = await makeCompany(deps);
  user = await makeLoginUser(deps, company.id);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const aud = () => ({ issuer: deps.env.SITE_URL, audience: deps.env.API_URL });
const forbidden = (body: unknown) =>
  expect(body).toMatchObject({
    error: {
      code: 'forbidden',
      message: expect.any(String) as string,
      requestId: expect.any(String) as string,
    },
  });

const logout = (cookie: string | undefined, token: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/company/logout',
    payload: { token },
    headers: { ...(cookie ? { cookie: `cs_session=${cookie}` } : {}), ...headers },
  });

/** The console's logout when the site refuses it a token: the cookie and the header, an empty JSON body. */
const logoutByCookie = (cookie: string | undefined, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/company/logout',
    payload: {},
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie: `cs_session=${cookie}` } : {}),
      ...headers,
    },
  });

describe('GET /api/token/jwt', () => {
  it('answers a JWT the api accepts, 5 minutes long, bound to the session, not cacheable', async () => {
    const { cookie } = await logIn(app, user.email);
    const res = await tokenRequest(app, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { jwt } = res.json<{ jwt: string }>();
    const claims = await createAccessTokenVerifier(deps.keys, aud())(jwt);
    expect(claims).toEqual({
      userId: user.id,
      companyId: user.companyId,
      sessionId: expect.any(String) as string,
    });
    const payload = decodeJwt(jwt);
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.iss).toBe('http://localhost:3000');
    expect(payload.aud).toBe('http://localhost:3001');
  });

  it('403 without the X-Requested-With header', async () => {
    const { cookie } = await logIn(app, user.email);
    const res = await tokenRequest(app, cookie, { 'x-requested-with': '' });
    expect(res.statusCode).toBe(403);
    forbidden(res.json());
  });

  it('403 without the cookie, and with an unknown cookie', async () => {
    for (const res of [
      await tokenRequest(app, undefined),
      await tokenRequest(app, 'A'.repeat(43)),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: {
          code: 'forbidden',
          message:
            'ログインしていないか、ログインの有効期限が切れています。もう一度ログインしてください。',
        },
      });
    }
  });

  it('403 for cross-site requests (foreign Origin or Sec-Fetch-Site: cross-site)', async () => {
    const { cookie } = await logIn(app, user.email);
    forbidden((await tokenRequest(app, cookie, { origin: 'https://evil.example' })).json());
    expect((await tokenRequest(app, cookie, { origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
    expect((await tokenRequest(app, cookie, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await tokenRequest(app, cookie, {
          origin: 'http://localhost:3000',
          'sec-fetch-site': 'same-origin',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/company/logout', () => {
  it('ends the session, clears the cookie, answers the login URL; the old cookie then gets 403', async () => {
    const { cookie } = await logIn(app, user.email);
    const { jwt } = (await tokenRequest(app, cookie)).json<{ jwt: string }>();
    const res = await logout(cookie, jwt, { origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'http://localhost:3000/login' });
    expect(String(res.headers['set-cookie'])).toMatch(/^cs_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await tokenRequest(app, cookie)).statusCode).toBe(403);
  });

  it('accepts an expired but genuine token of the same session', async () => {
    const { cookie } = await logIn(app, user.email);
    const { jwt } = (await tokenRequest(app, cookie)).json<{ jwt: string }>();
    const { sessionId } = (await createAccessTokenVerifier(deps.keys, aud())(jwt))!;
    const old = await signAccessToken(
      deps.keys,
      aud(),
      { userId: user.id, companyId: user.companyId, sessionId },
      new Date(Date.now() - 3600_000),
    );
    expect((await logout(cookie, old)).json()).toEqual({ url: 'http://localhost:3000/login' });
    expect((await tokenRequest(app, cookie)).statusCode).toBe(403);
  });

  it('403 for a token of another session, a forged token, no cookie, or a cross-site caller; the session survives', async () => {
    const { cookie } = await logIn(app, user.email);
    const other = await logIn(app, user.email);
    const { jwt } = (await tokenRequest(app, cookie)).json<{ jwt: string }>();
    const otherJwt = (await tokenRequest(app, other.cookie)).json<{ jwt: string }>().jwt;
    const [h, p] = jwt.split('.');
    for (const res of [
      await logout(cookie, otherJwt),
      await logout(cookie, `${h}.${p}.${'A'.repeat(86)}`),
      await logout(undefined, jwt),
      await logout(cookie, jwt, { origin: 'https://evil.example' }),
      await logout(cookie, jwt, { 'sec-fetch-site': 'cross-site' }),
    ]) {
      expect(res.statusCode).toBe(403);
      forbidden(res.json());
    }
    expect((await tokenRequest(app, cookie)).statusCode).toBe(200);
  });

  it('without a token, the cookie alone ends the session (the site refuses a token for it): the cookie is then refused', async () => {
    const { cookie } = await logIn(app, user.email);
    const res = await logoutByCookie(cookie, {
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'http://localhost:3000/login' });
    expect(String(res.headers['set-cookie'])).toMatch(/^cs_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await tokenRequest(app, cookie)).statusCode).toBe(403);
    // The login page no longer knows the browser: it shows the form instead of sending it to the console.
    const login = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: `cs_session=${cookie}` },
    });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('メールアドレス');
    // Ending it twice: nothing left to end.
    expect((await logoutByCookie(cookie)).statusCode).toBe(403);
  });

  it('without a token, never for a form or another site (no X-Requested-With, foreign Origin, cross-site); the session survives', async () => {
    const { cookie } = await logIn(app, user.email);
    for (const res of [
      // What a form on another site (or an <img>-less auto-submitting form) can send: the cookie, no custom header.
      await postForm(app, '/api/company/logout', {}, { cookie: cookie! }),
      await logoutByCookie(cookie, { 'x-requested-with': '' }),
      await logoutByCookie(cookie, { origin: 'https://evil.example' }),
      await logoutByCookie(cookie, { 'sec-fetch-site': 'cross-site' }),
      await logoutByCookie(undefined),
    ]) {
      expect(res.statusCode).toBe(403);
      forbidden(res.json());
    }
    expect((await tokenRequest(app, cookie)).statusCode).toBe(200);
  });

  it('400 with the error shape when the token is not a string', async () => {
    const { cookie } = await logIn(app, user.email);
    const res = await logout(cookie, 42);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        details: [{ path: 'token', message: 'token を指定してください。' }],
      },
    });
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes the public key only', async () => {
    const res = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(deps.keys.jwks);
    const [key] = res.json<{ keys: Record<string, unknown>[] }>().keys;
    expect(key).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      use: 'sig',
      kid: deps.keys.kid,
    });
    expect(key).not.toHaveProperty('d');
  });
});
