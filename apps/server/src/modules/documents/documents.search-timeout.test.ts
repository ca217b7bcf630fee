/**
 * A statement the database cancels at the API's statement timeout (PostgreSQL query_canceled, 57014) answers
 * 503 with Retry-After and a Japanese message in the one error shape, and is logged: never 500 `internal`.
 * PostgreSQL: a real GET /documents whose search waits past a short statement timeout (the documents table is
 * locked by another connection). Both databases: the error each driver raises for a cancelled statement,
 * through the API's error handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApiApp } from '../../api-app.ts';
import { openDatabase } from '../../db/client.ts';
import { installErrorHandling, MSG_QUERY_TIMEOUT } from '../../lib/http/error-handler.ts';
import { createTestDeps, isPostgresRun, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;

beforeAll(async () => {
  deps = await createTestDeps();
});

afterAll(async () => {
  await deps.cleanup();
});

/** What the database raises for a statement cancelled by its timeout (PGlite has none: raised by hand). */
const cancelledStatement = () =>
  isPostgresRun()
    ? deps.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 50`);
        await tx.execute(sql`select pg_sleep(5)`);
      })
    : deps.database.db.execute(
        sql`do $$ begin raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled'; end $$`,
      );

describe('a statement cancelled by the statement timeout', () => {
  it('answers 503 with Retry-After and the Japanese message, and is logged as a warning', async () => {
    const logged: { level: number; msg: string }[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: {
          write: (line: string) =>
            void logged.push(JSON.parse(line) as { level: number; msg: string }),
        },
      },
    });
    installErrorHandling(app);
    app.get('/slow', async () => {
      await cancelledStatement();
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/slow' });
    await app.close();
    expect([res.statusCode, res.json()]).toEqual([
      503,
      { error: { code: 'unavailable', message: MSG_QUERY_TIMEOUT, requestId: 'req-1' } },
    ]);
    expect(res.headers['retry-after']).toBe('5');
    expect(logged.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([
      'statement cancelled: statement timeout',
    ]);
  });

  it.runIf(isPostgresRun())(
    'a document search past the API statement timeout answers 503, never 500',
    async () => {
      const company = await makeCompany(deps, { name: '株式会社時間切れ' });
      const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
      await makeDocument(deps, company.id, { title: '業務委託契約書' });
      const { headers } = await signIn(deps, admin);
      // The API's own pool, as bootstrap opens it, with a short statement timeout.
      const api = await openDatabase({
        databaseUrl: deps.env.DATABASE_URL,
        poolSize: 2,
        statementTimeoutMs: 300,
      });
      const app = await buildApiApp({ ...deps, database: api });
      const locker = new pg.Client({ connectionString: deps.env.DATABASE_URL });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table documents in access exclusive mode');
        const res = await app.inject({
          method: 'GET',
          url: `/documents?keyword=${encodeURIComponent('契約')}&amountFrom=1`,
          headers,
        });
        expectError(res, 'unavailable', MSG_QUERY_TIMEOUT);
        expect(res.headers['retry-after']).toBe('5');
      } finally {
        await locker.query('rollback');
        await locker.end();
        await app.close();
        await api.close();
      }
    },
  );
});
