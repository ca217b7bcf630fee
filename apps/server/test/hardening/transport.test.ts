/**
 * What both servers answer at the transport's edge: a request Node refuses before any route (headers over
 * 16 KB) gets the one error shape in Japanese (a browser gets the site's page), and HSTS is sent only when the
 * public origin is https.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { buildApiApp } from '../../src/api-app.ts';
import { buildSiteApp } from '../../src/site-app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { HEADERS_TIMEOUT_MS } from '../../src/lib/http/server-timeouts.ts';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => {
  await deps.cleanup();
});

describe.each([
  ['site', () => buildSiteApp(deps)],
  ['api', () => buildApiApp(deps)],
] as const)('the %s, given headers over 16 KB', (_name, build) => {
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    app = await build();
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  // A JSON caller's view; the site shows a browser a page instead (src/site/limit-pages.test.ts).
  it('answers 431 in the one error shape, in Japanese', async () => {
    const res = await fetch(`${baseUrl}/healthz`, {
      headers: { cookie: `a=${'x'.repeat(20_000)}`, accept: 'application/json' },
    });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await res.json()) as { error: { requestId: string } };
    expect(body).toEqual({
      error: {
        code: 'headers_too_large',
        message: ERROR_CODES.headers_too_large.message,
        requestId: body.error.requestId,
      },
    });
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(body.error.requestId);
  });
});

describe('both servers, given headers sent a byte at a time', () => {
  it('close the connection with 408 in Japanese once the headers deadline has passed', async () => {
    const apps = [await buildSiteApp(deps), await buildApiApp(deps)];
    try {
      const answers = await Promise.all(
        apps.map(async (app) => {
          await app.listen({ port: 0, host: '127.0.0.1' });
          const { port } = app.server.address() as AddressInfo;
          return slowHeaders(port);
        }),
      );
      for (const { raw, afterMs } of answers) {
        expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 3000);
        expect(raw).toMatch(/^HTTP\/1\.1 408 /);
      }
      const body = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);
      // Nothing says who is asking: the site shows the page a browser reads, the api its error shape.
      expect(answers[0]!.raw).toContain('Content-Type: text/html; charset=utf-8');
      expect(body(answers[0]!.raw)).toContain(
        'リクエストの送信に時間がかかりすぎたため、中断しました。',
      );
      expect(JSON.parse(body(answers[1]!.raw))).toMatchObject({
        error: { code: 'request_timeout', message: ERROR_CODES.request_timeout.message },
      });
    } finally {
      for (const app of apps) await app.close();
    }
  }, 30_000);
});

/** A request line, then one header byte every 500 ms: what the server answered, and when it closed. */
function slowHeaders(port: number): Promise<{ raw: string; afterMs: number }> {
  const startedAt = Date.now();
  const socket = net.connect(port, '127.0.0.1');
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  const drip = setInterval(() => socket.writable && socket.write('a'), 500);
  return new Promise((resolve) => {
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ raw, afterMs: Date.now() - startedAt });
    });
  });
}

describe('the api and HSTS', () => {
  // Only the fields the api reads beside the origins are given (as the https session test does).
  const envWith = (apiUrl: string) =>
    parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: deps.env.DATA_DIR,
      LOG_LEVEL: 'silent',
      SEED: 'off',
      API_URL: apiUrl,
      SITE_URL: apiUrl.replace('api.', 'console.'),
    });

  it('sends no Strict-Transport-Security when its public origin is plain http', async () => {
    const api = await buildApiApp({ ...deps, env: envWith('http://api.example.jp') });
    const res = await api.inject({ method: 'GET', url: '/healthz' });
    await api.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends it, a year with subdomains, when its public origin is https', async () => {
    const api = await buildApiApp({ ...deps, env: envWith('https://api.example.jp') });
    const res = await api.inject({ method: 'GET', url: '/healthz' });
    await api.close();
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
