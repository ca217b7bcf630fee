/**
 * PostgreSQL: a statement runs no longer than its request's client waits (a search left by a navigation stops
 * in the database too), and no API statement outlives DB_STATEMENT_TIMEOUT_MS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, isPostgresRun, type TestDeps } from '../../../test/support/test-deps.ts';
import { openDatabase } from '../../db/client.ts';

let deps: TestDeps;
let app: ApiApp;
let baseUrl: string;
let observer: pg.Client;

/** Active statements carrying `marker`, seen from another connection. */
const activeWith = async (marker: string) => {
  const { rows } = await observer.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where state = 'active' and pid <> pg_backend_pid() and query like '%' || $1 || '%'`,
    [marker],
  );
  return rows[0]!.n;
};

const within = async (ms: number, check: () => Promise<boolean>) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
};

describe.skipIf(!isPostgresRun())('API statements on PostgreSQL', () => {
  /** Statements started after the client left: the second query of /test/sleep must never run. */
  let laterStatements = 0;

  beforeAll(async () => {
    deps = await createTestDeps();
    app = await buildApiApp(deps);
    app.get('/test/sleep', { config: { isPublic: true } }, async (request) => {
      const { marker, seconds } = request.query as { marker: string; seconds: string };
      await deps.database.raw.query(`select pg_sleep($1::float) as "${marker}"`, [seconds]);
      laterStatements++;
      await deps.database.raw.query(`select 1 as "${marker}-later"`);
      return { slept: Number(seconds) };
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    observer = new pg.Client({ connectionString: deps.env.DATABASE_URL });
    await observer.connect();
  });
  afterAll(async () => {
    await observer?.end();
    await app?.close();
    await deps?.cleanup();
  });

  it('cancels the running statement in PostgreSQL when the client aborts the request', async () => {
    const marker = `sleep-${crypto.randomUUID()}`;
    const client = new AbortController();
    const request = fetch(`${baseUrl}/test/sleep?marker=${marker}&seconds=30`, {
      signal: client.signal,
    }).catch((err: unknown) => err);
    expect(await within(5000, async () => (await activeWith(marker)) === 1)).toBe(true);

    client.abort();
    expect(await request).toBeInstanceOf(Error);
    expect(await within(2000, async () => (await activeWith(marker)) === 0)).toBe(true);
    expect(laterStatements).toBe(0);
  });

  it('answers a request whose client waits, its statements untouched', async () => {
    const marker = `sleep-${crypto.randomUUID()}`;
    const res = await fetch(`${baseUrl}/test/sleep?marker=${marker}&seconds=0.3`);
    expect([res.status, await res.json()]).toEqual([200, { slept: 0.3 }]);
  });

  it('stops a statement at the API pool statement timeout', async () => {
    const api = await openDatabase({
      databaseUrl: deps.env.DATABASE_URL,
      poolSize: 1,
      statementTimeoutMs: 200,
    });
    try {
      const startedAt = Date.now();
      await expect(api.raw.query('select pg_sleep(5)')).rejects.toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      });
      expect(Date.now() - startedAt).toBeLessThan(2000);
    } finally {
      await api.close();
    }
  });
});
