/**
 * Admission control: past the requests one process serves at once and the line allowed to wait, a request is
 * answered 503 at once, with Retry-After and a Japanese body in the product's error shape; probes never wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { errorOf } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
/** Requests to /test/hold wait until released here, holding their place meanwhile. */
const held: (() => void)[] = [];

const OVERLOADED = 'ただいまアクセスが集中しています。時間をおいて、もう一度お試しください。';
/** How long one may wait in line: long enough that "at once" is told apart from it on a busy machine. */
const QUEUE_WAIT_MS = 2000;

beforeAll(async () => {
  deps = await createTestDeps({
    env: { API_MAX_CONCURRENT: '1', API_MAX_QUEUED: '1', API_QUEUE_WAIT_MS: String(QUEUE_WAIT_MS) },
  });
  app = await buildApiApp(deps);
  app.get(
    '/test/hold',
    { config: { isPublic: true } },
    () => new Promise<string>((resolve) => held.push(() => resolve('done'))),
  );
  await app.ready();
});
afterAll(async () => {
  // A failed test must not leave a request holding its place for the close to wait on.
  held.splice(0).forEach((release) => release());
  await app.close();
  await deps.cleanup();
});

/** Sent now (inject only sends once awaited). */
const send = (url: string) => app.inject({ method: 'GET', url }).then((res) => res);

const waitFor = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

describe('admission control', () => {
  it('answers 503 with Retry-After at once when the line is full, and after the wait when a turn never comes', async () => {
    const first = send('/test/hold');
    await waitFor(() => held.length === 1);
    const startedAt = Date.now();
    let waitEnded = false;
    const waiting = send('/me').finally(() => (waitEnded = true));
    const refused = await app.inject({ method: 'GET', url: '/me' });

    expect([refused.statusCode, refused.headers['retry-after'], refused.json()]).toEqual([
      503,
      // The line's wait, in whole seconds: come back when a place may have freed.
      '2',
      errorOf('unavailable', OVERLOADED),
    ]);
    // At once: answered while the one in line is still waiting for its turn (no wall-clock bound, which a
    // busy machine would break; the order is what the client sees).
    expect(waitEnded).toBe(false);

    const timedOut = await waiting;
    expect([timedOut.statusCode, timedOut.headers['retry-after'], timedOut.json()]).toEqual([
      503,
      '2',
      errorOf('unavailable', OVERLOADED),
    ]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(QUEUE_WAIT_MS);

    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);

    held.shift()?.();
    expect((await first).body).toBe('done');
  });

  it('lets the one waiting in line through as soon as the place is free', async () => {
    const first = send('/test/hold');
    await waitFor(() => held.length === 1);
    const second = send('/test/hold');
    await new Promise((r) => setTimeout(r, 50));
    expect(held).toHaveLength(1);
    held.shift()?.();
    await waitFor(() => held.length === 1);
    held.shift()?.();
    expect([(await first).body, (await second).body]).toEqual(['done', 'done']);
    const me = await app.inject({ method: 'GET', url: '/me' });
    expect(me.json()).toEqual(errorOf('unauthenticated', 'ログインが必要です。'));
  });
});
