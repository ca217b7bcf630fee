/**
 * A browser refused by the site at a limit sees a Japanese page saying what happened and when to try again
 * (429 too many at once from one address, 408 a body too slow, 431 headers too large), over real sockets; the
 * console's /api/... calls and callers asking for JSON keep the one error shape.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { slowClient } from '../../test/support/slow-client.ts';
import { MSG_TOO_MANY_AT_ONCE } from '../lib/http/client-limits.ts';
import { buildSiteApp } from '../site-app.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const FORM = 'application/x-www-form-urlencoded';

let deps: TestDeps;
let app: FastifyInstance;
let base: string;
let port: number;
beforeAll(async () => {
  deps = await createTestDeps({
    env: {
      BODY_GRACE_MS: '1000',
      BODY_MIN_BYTES_PER_SECOND: '100',
      MAX_CONCURRENT_PER_ADDRESS: '2',
    },
  });
  app = await buildSiteApp(deps);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

/** The status, headers and body of a raw HTTP/1.1 answer. */
function parseRaw(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  const lines = raw.slice(0, at).split('\r\n');
  const headers = Object.fromEntries(
    lines
      .slice(1)
      .map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0),
    headers,
    body: raw.slice(at + 4),
  };
}

function expectPage(
  answer: { status: number; type: string | null; body: string },
  status: number,
  text: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.type).toBe('text/html; charset=utf-8');
  expect(answer.body).toContain('<html');
  expect(answer.body).toContain(text);
  expect(answer.body).toContain('ログイン画面へ');
}

describe('the site at a limit', () => {
  it('429: a browser’s third request at once from one address gets a page with when to retry; /api and JSON callers the error shape', async () => {
    const held = [1, 2].map(() => slowClient(port, { path: '/login', contentType: FORM }));
    await new Promise((r) => setTimeout(r, 300));
    try {
      const post = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': FORM, accept: BROWSER_ACCEPT },
        body: 'email=a%40example.test',
      });
      expect(post.headers.get('retry-after')).toBe('1');
      expectPage(
        { status: post.status, type: post.headers.get('content-type'), body: await post.text() },
        429,
        '同時に送られたリクエストが多すぎるため、受け付けられませんでした。1秒後にもう一度お試しください。',
      );
      const page = await fetch(`${base}/documents`, { headers: { accept: BROWSER_ACCEPT } });
      expect(page.status).toBe(429);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");

      for (const [url, accept] of [
        ['/api/token/jwt', '*/*'],
        ['/login', 'application/json'],
      ] as const) {
        const res = await fetch(`${base}${url}`, { headers: { accept } });
        expect(res.status).toBe(429);
        expect(res.headers.get('retry-after')).toBe('1');
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await res.json()).toMatchObject({
          error: { code: 'rate_limited', message: MSG_TOO_MANY_AT_ONCE },
        });
      }
    } finally {
      for (const c of held) c.stop();
    }
  });

  it('408: a form post sent too slowly gets a page; the console’s /api call the error shape', async () => {
    // Both from one address, within its two places.
    const form = slowClient(port, {
      path: '/login',
      contentType: FORM,
      headers: { accept: BROWSER_ACCEPT },
    });
    const api = slowClient(port, { path: '/api/logout', contentType: 'application/json' });
    const [page, json] = (await Promise.all([form.answer, api.answer])).map(parseRaw);
    expectPage(
      { status: page!.status, type: page!.headers['content-type'] ?? null, body: page!.body },
      408,
      'リクエストの送信に時間がかかりすぎたため、中断しました。',
    );
    expect(page!.headers.connection).toBe('close');
    expect(json!.status).toBe(408);
    expect(json!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(json!.body)).toMatchObject({
      error: { code: 'request_timeout', message: ERROR_CODES.request_timeout.message },
    });
  }, 15_000);

  it('431: headers over 16 KB from a browser get a page (answered before Fastify); JSON callers the error shape', async () => {
    const cookie = `a=${'x'.repeat(20_000)}`;
    const page = await fetch(`${base}/login`, { headers: { cookie, accept: BROWSER_ACCEPT } });
    expectPage(
      { status: page.status, type: page.headers.get('content-type'), body: await page.text() },
      431,
      'このサイトの Cookie を削除してから、もう一度お試しください。',
    );
    const json = await fetch(`${base}/api/token/jwt`, { headers: { cookie } });
    expect(json.status).toBe(431);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.json()).toMatchObject({
      error: { code: 'headers_too_large', message: ERROR_CODES.headers_too_large.message },
    });
  });
});
