/** /metrics: Prometheus text for a scraper holding METRICS_TOKEN; nothing for anyone else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { parseEnv } from '../../config/env.ts';

const TOKEN = 'metrics-token-0123456789abcdef-0123456789';

let deps: TestDeps;
/** METRICS_TOKEN set. */
let app: ApiApp;
/** METRICS_TOKEN unset: the default. */
let plain: ApiApp;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp({ ...deps, env: { ...deps.env, METRICS_TOKEN: TOKEN } });
  plain = await buildApiApp(deps);
  const company = await makeCompany(deps);
  admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
});
afterAll(async () => {
  await app.close();
  await plain.close();
  await deps.cleanup();
});

const metrics = (target: ApiApp, headers: Record<string, string> = {}) =>
  target.inject({ method: 'GET', url: '/metrics', headers });

describe('/metrics with METRICS_TOKEN set', () => {
  it('counts requests by route template and status class in Prometheus text format for the token', async () => {
    const { headers } = await signIn(deps, admin);
    await app.inject({ method: 'GET', url: '/me', headers });
    await app.inject({ method: 'GET', url: '/me' });
    const res = await metrics(app, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(
      /^http_requests_total\{method="GET",route="\/me",status="2xx"\} [1-9]\d*$/m,
    );
    expect(res.body).toMatch(
      /^http_requests_total\{method="GET",route="\/me",status="4xx"\} [1-9]\d*$/m,
    );
    expect(res.body).toMatch(
      /^http_request_duration_seconds_bucket\{method="GET",route="\/me",status="2xx",le="\+Inf"\} \d+$/m,
    );
    expect(res.body).toMatch(/^process_resident_memory_bytes \d+$/m);
  });

  it.each([
    ['no Authorization', {}],
    ['a wrong token', { authorization: 'Bearer wrong-token' }],
    ['the token with one character more', { authorization: `Bearer ${TOKEN}x` }],
    ['the token without Bearer', { authorization: TOKEN }],
  ])(
    'answers 401 in Japanese to %s, with no figures',
    async (_name, headers: Record<string, string>) => {
      const res = await metrics(app, headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({
        error: {
          code: 'unauthenticated',
          message: 'メトリクスの取得には METRICS_TOKEN のトークンが必要です。',
          requestId: res.headers['x-request-id'],
        },
      });
      expect(res.body).not.toContain('http_requests_total');
    },
  );

  it("a member's own JWT is not the metrics token", async () => {
    const { headers } = await signIn(deps, admin);
    expect((await metrics(app, headers)).statusCode).toBe(401);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('answers 404 like an unknown path, even to a signed-in company admin', async () => {
    const { headers } = await signIn(deps, admin);
    const unknown = await plain.inject({ method: 'GET', url: '/no-such-route' });
    for (const h of [{}, headers, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await metrics(plain, h);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: {
          ...unknown.json<{ error: object }>().error,
          requestId: res.headers['x-request-id'],
        },
      });
      expect(res.body).not.toContain('http_requests_total');
    }
  });
});

describe('METRICS_TOKEN is checked at start', () => {
  it('refuses a short token with a message naming the variable', () => {
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(
      '設定に誤りがあるため起動できません:\n  METRICS_TOKEN=short: 32文字以上のランダムな文字列を指定してください',
    );
  });
});
