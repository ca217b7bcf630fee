/**
 * Bodies sent one byte at a time hold nothing for long: while one address keeps 40 of them open against a
 * server, another company's requests keep answering within a bound (measured), the slow ones are cut off
 * with 408 in Japanese, one address and one member have only so many requests in progress at once.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';
import { parseAnswer, slowClient, type SlowClient } from '../support/slow-client.ts';
import { buildApiApp } from '../../src/api-app.ts';
import { buildSiteApp } from '../../src/site-app.ts';
import { MSG_TOO_MANY_AT_ONCE } from '../../src/lib/http/client-limits.ts';

/** Longest another company's answer may take while the slow bodies are held (measured: tens of ms). */
const ANSWER_BOUND_MS = 1000;
const GRACE_MS = 1500;

let deps: TestDeps;
let memberHeaders: Record<string, string>;
let otherHeaders: Record<string, string>;
beforeAll(async () => {
  deps = await createTestDeps({
    env: {
      API_MAX_CONCURRENT: '4',
      API_MAX_QUEUED: '8',
      API_QUEUE_WAIT_MS: '1000',
      BODY_GRACE_MS: String(GRACE_MS),
      BODY_MIN_BYTES_PER_SECOND: '100',
      API_MAX_CONCURRENT_PER_MEMBER: '2',
    },
  });
  const attacker = await makeCompany(deps);
  const victim = await makeCompany(deps);
  memberHeaders = (await signIn(deps, await makeUser(deps, attacker.id))).headers;
  otherHeaders = (await signIn(deps, await makeUser(deps, victim.id))).headers;
});
afterAll(async () => {
  await deps.cleanup();
});

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
};

/** `count` answers of `ask`, one every 100 ms while the slow bodies are held: the slowest time and statuses. */
async function askMeanwhile(count: number, ask: () => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  let slowestMs = 0;
  for (let i = 0; i < count; i++) {
    const startedAt = performance.now();
    statuses.push((await ask()).statusCode);
    slowestMs = Math.max(slowestMs, performance.now() - startedAt);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { statuses, slowestMs };
}

const TOO_MANY_AT_ONCE = {
  error: {
    code: 'rate_limited',
    message: MSG_TOO_MANY_AT_ONCE,
    requestId: expect.any(String) as string,
  },
};
const REQUEST_TIMEOUT = {
  status: 408,
  body: {
    error: {
      code: 'request_timeout',
      message: ERROR_CODES.request_timeout.message,
      requestId: expect.any(String) as string,
    },
  },
};

describe('the api under slow bodies', () => {
  let app: FastifyInstance;
  let port: number;
  const clients: SlowClient[] = [];
  beforeAll(async () => {
    app = await buildApiApp(deps);
    port = await listen(app);
  });
  afterAll(async () => {
    for (const c of clients) c.stop();
    await app.close();
  });

  it("keeps answering another company's GET /me within the bound, and cuts the slow bodies off with 408", async () => {
    for (let i = 0; i < 32; i++)
      clients.push(slowClient(port, { path: '/client-logs', contentType: 'text/plain' }));
    for (let i = 0; i < 8; i++)
      clients.push(
        slowClient(port, {
          path: '/cabinets/00000000-0000-4000-8000-000000000000/classification_rules/dry_run',
          contentType: 'application/json',
          headers: memberHeaders,
        }),
      );
    await new Promise((r) => setTimeout(r, 300));
    const { statuses, slowestMs } = await askMeanwhile(10, () =>
      app.inject({
        method: 'GET',
        url: '/me',
        headers: otherHeaders,
        remoteAddress: '198.51.100.7',
      }),
    );
    console.info(`GET /me under 40 slow bodies: slowest answer ${Math.round(slowestMs)} ms`);
    expect(statuses).toEqual(Array(10).fill(200));
    expect(slowestMs).toBeLessThan(ANSWER_BOUND_MS);

    const startedAt = Date.now();
    const answers = await Promise.all(clients.map((c) => c.answer));
    expect(Date.now() - startedAt).toBeLessThan(GRACE_MS + 2000);
    for (const raw of answers) expect(parseAnswer(raw)).toEqual(REQUEST_TIMEOUT);
  });

  it('cuts off a CSV upload sent a byte at a time (streamed by its handler while admitted) and frees its place', async () => {
    const company = await makeCompany(deps);
    const uploads = [];
    for (let admin = 0; admin < 2; admin++) {
      const { headers } = await signIn(
        deps,
        await makeUser(deps, company.id, { roles: ['CompanyAdmin'] }),
      );
      for (let i = 0; i < 2; i++)
        uploads.push(
          slowClient(port, {
            path: '/members/bulk_add',
            contentType: 'multipart/form-data; boundary=slow-upload',
            headers,
          }),
        );
    }
    clients.push(...uploads);
    const startedAt = Date.now();
    const answers = await Promise.all(uploads.map((c) => c.answer));
    expect(Date.now() - startedAt).toBeLessThan(GRACE_MS + 2000);
    for (const raw of answers) expect(parseAnswer(raw)).toEqual(REQUEST_TIMEOUT);
    const after = await app.inject({ method: 'GET', url: '/me', headers: otherHeaders });
    expect(after.statusCode).toBe(200);
  });

  it('lets one member have only so many requests admitted at once; another member is not affected', async () => {
    let open = 0;
    const releases: (() => void)[] = [];
    const holder = await buildApiApp(deps);
    holder.get('/test/hold', async () => {
      open++;
      await new Promise<void>((resolve) => releases.push(resolve));
      return { ok: true };
    });
    const held = [1, 2].map(() =>
      holder.inject({ method: 'GET', url: '/test/hold', headers: memberHeaders }),
    );
    while (open < 2) await new Promise((r) => setTimeout(r, 10));
    const third = await holder.inject({ method: 'GET', url: '/me', headers: memberHeaders });
    const other = await holder.inject({ method: 'GET', url: '/me', headers: otherHeaders });
    for (const release of releases) release();
    await Promise.all(held);
    await holder.close();
    expect([third.statusCode, third.json()]).toEqual([429, TOO_MANY_AT_ONCE]);
    expect(other.statusCode).toBe(200);
  });
});

describe('one address', () => {
  it('may have only MAX_CONCURRENT_PER_ADDRESS requests with a body in progress; another address is not affected', async () => {
    const app = await buildApiApp({
      ...deps,
      env: { ...deps.env, MAX_CONCURRENT_PER_ADDRESS: '3' },
    });
    const port = await listen(app);
    const clients = [1, 2, 3].map(() =>
      slowClient(port, { path: '/client-logs', contentType: 'text/plain' }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const fourth = await fetch(`http://127.0.0.1:${port}/client-logs`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    const read = await fetch(`http://127.0.0.1:${port}/me`);
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/me',
      remoteAddress: '198.51.100.8',
    });
    for (const c of clients) c.stop();
    await app.close();
    expect([fourth.status, await fourth.json()]).toEqual([429, TOO_MANY_AT_ONCE]);
    expect(elsewhere.statusCode).toBe(401);
    // A read without a body holds nothing while it arrives: it waits for the gate like any other.
    expect(read.status).toBe(401);
  });
});

describe('the site under slow bodies', () => {
  it('keeps answering its pages within the bound, and cuts the slow form posts off with 408', async () => {
    const app = await buildSiteApp(deps);
    const port = await listen(app);
    const clients = Array.from({ length: 40 }, () =>
      slowClient(port, { path: '/login', contentType: 'application/x-www-form-urlencoded' }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const { statuses, slowestMs } = await askMeanwhile(10, () =>
      app.inject({ method: 'GET', url: '/login', remoteAddress: '198.51.100.9' }),
    );
    console.info(`GET /login under 40 slow bodies: slowest answer ${Math.round(slowestMs)} ms`);
    const startedAt = Date.now();
    const answers = await Promise.all(clients.map((c) => c.answer));
    const cutAfterMs = Date.now() - startedAt;
    await app.close();
    expect(statuses).toEqual(Array(10).fill(200));
    expect(slowestMs).toBeLessThan(ANSWER_BOUND_MS);
    expect(cutAfterMs).toBeLessThan(GRACE_MS + 2000);
    // A form post is a browser's: it is shown the site's page (src/site/limit-pages.test.ts).
    for (const raw of answers) {
      expect(raw).toMatch(/^HTTP\/1\.1 408 /);
      expect(raw).toContain('リクエストの送信に時間がかかりすぎたため、中断しました。');
    }
  });
});
