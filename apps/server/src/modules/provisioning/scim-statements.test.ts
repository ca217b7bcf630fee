/**
 * What an IdP's requests ask of the database (issue 34 "Scale"): on a loaded server each statement of a request
 * is a round trip it waits for, so the two hot paths are held to theirs. A `userName eq` lookup is the token and
 * the page, whose statement writes the request's line of the provisioning log; creates arriving together write
 * their members, external ids and log lines in one statement, without looking the e-mails up first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp } from '../../api-app.ts';
import type { Db } from '../../db/client.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { recordStatements } from '../../../test/support/record-statements.ts';
import { companyWithToken, postScimUser } from '../../../test/support/scim.world.ts';

let deps: TestDeps;

beforeAll(async () => {
  deps = await createTestDeps({ env: { SCIM_MAX_CONCURRENT_PER_TOKEN: '100' } });
}, 180_000);
afterAll(async () => {
  await deps.cleanup();
});

const MARK = 'select 1 as scim_statements_measured';

/**
 * The statements after a warm-up of the same requests (the token's first use, the company's SSO setting and IP
 * list, the prepared token look-up), on a server whose database handle records them.
 */
async function statementsOf(
  warmUp: (app: Awaited<ReturnType<typeof buildApiApp>>, secret: string) => Promise<unknown>,
  measured: (app: Awaited<ReturnType<typeof buildApiApp>>, secret: string) => Promise<unknown>,
) {
  const statements = await recordStatements(deps, async (db: Db) => {
    const app = await buildApiApp({ ...deps, database: { ...deps.database, db } });
    try {
      const { secret } = await companyWithToken(deps, app, 'Entra ID');
      await warmUp(app, secret);
      await db.execute(MARK);
      await measured(app, secret);
    } finally {
      await app.close();
    }
  });
  return statements.slice(statements.findIndex((s) => s.sql === MARK) + 1).map((s) => s.sql);
}

const lookUp = (app: Awaited<ReturnType<typeof buildApiApp>>, secret: string, userName: string) =>
  app.inject({
    method: 'GET',
    url: `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
    headers: { authorization: `Bearer ${secret}` },
  });

describe('the statements of an IdP’s requests', { timeout: 120_000 }, () => {
  it('a userName lookup: the token, then the page with its log line', async () => {
    const sqls = await statementsOf(
      async (app, secret) => {
        expect(
          (await postScimUser(app, secret, { userName: 'lookup@example.test' })).statusCode,
        ).toBe(201);
        expect((await lookUp(app, secret, 'LOOKUP@example.test')).statusCode).toBe(200);
      },
      async (app, secret) => {
        const res = await lookUp(app, secret, 'Lookup@Example.test');
        expect(res.json()).toMatchObject({ totalResults: 1 });
      },
    );
    expect(sqls).toHaveLength(2);
    expect(sqls[0]).toMatch(/from "provisioning_tokens"/);
    expect(sqls[1]).toMatch(
      /^with "scim_page" as \(select .* "scim_line" as \(insert into "provisioning_log"/s,
    );
  });

  it('20 creates at once: members, external ids and log lines in one statement, no e-mail look-up', async () => {
    const post = (app: Awaited<ReturnType<typeof buildApiApp>>, secret: string, i: number) =>
      postScimUser(app, secret, {
        userName: `together${i}@example.test`,
        externalId: `okta-${i}`,
        name: { familyName: '同時', givenName: String(i) },
      });
    const sqls = await statementsOf(
      (app, secret) => post(app, secret, 100),
      async (app, secret) => {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => post(app, secret, i)),
        );
        expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      },
    );
    const memberInserts = sqls.filter((s) => /insert into "users"/.test(s));
    expect(memberInserts.length).toBeGreaterThan(0);
    for (const s of memberInserts)
      expect(s).toMatch(
        /^with "scim_external_ids" as \(insert into "provisioning_external_ids".*"scim_log_lines" as \(insert into "provisioning_log"/s,
      );
    expect(sqls.filter((s) => /email = any/.test(s))).toEqual([]);
    expect(sqls.filter((s) => /^insert into "provisioning_(log|external_ids)"/.test(s))).toEqual(
      [],
    );
  });
});
