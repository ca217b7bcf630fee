/**
 * No plan of a document search computes keyword grams per row (migration 0036). With the grams only in an
 * expression index, a plan that read the rows of another condition's index (an amount range, a status, a date)
 * and tested the keyword on each recomputed document_search_grams() for every row: 「契約」 with an amount range
 * ran 8.8 s on 300,000 documents and hit the statement timeout at scale. Every statement the search issues,
 * for every keyword length with every other condition, is explained here as it is planned and with bitmap
 * scans disabled (the keyword can then only be tested row by row, the plan the issue saw): its plan must never
 * call the function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { ZDocumentFindQuery } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser } from '../../../test/support/fixtures.ts';
import { recordStatements, type Statement } from '../../../test/support/record-statements.ts';
import { findDocuments } from './documents.service.ts';

let deps: TestDeps;
let admin: Parameters<typeof findDocuments>[1];
const COUNT = 3_000;

beforeAll(async () => {
  deps = await createTestDeps();
  const company = await makeCompany(deps, { name: '株式会社計画検査' });
  const user = await makeUser(deps, company.id, {
    email: 'admin@plans.test',
    roles: ['CompanyAdmin'],
  });
  // The session's view of the user (an admin without an authenticator app).
  const sessionUser = { hasMfaSecret: false, ...user };
  admin = { isCompanyAdmin: true, user: sessionUser };
  await deps.database.db.execute(sql`
    insert into documents (company_id, status, title, counterparty, sender_name, search_text, contract_at,
      amount, updated_at)
    select ${company.id}, case when i % 4 = 1 then 1 else 2 end, t.title, t.party, '山田 太郎',
      t.title || ' ' || t.party, date '2024-01-01' + (i % 730), (i * 7919) % 10000000,
      timestamptz '2025-01-01T00:00:00Z' - make_interval(secs => i)
    from generate_series(1, ${COUNT}) i,
    lateral (select case when i % 4 = 0 then '覚書 契約' else '業務委託契約書 第' || i || '号' end as title,
      case when i % 32 = 2 then '北斗製作所' else '東京商事' end as party) t`);
  await deps.database.raw.exec('analyze documents');
});

afterAll(async () => {
  await deps.cleanup();
});

/** The statements one search issues (same driver and connections as the API's). */
async function statementsOf(query: string): Promise<Statement[]> {
  const q = ZDocumentFindQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  const statements = await recordStatements(deps, (db) =>
    findDocuments(db, admin, q, { pageCache: false }),
  );
  return statements.filter((s) => !/^explain/i.test(s.sql));
}

/** The text of each statement's plan, planned under `settings` (SET LOCAL, in a transaction rolled back). */
async function plansOf(statements: Statement[], settings: string[]): Promise<string[]> {
  const client = (deps.database.db as unknown as { $client: unknown }).$client;
  const text = (rows: Record<string, unknown>[]) =>
    rows.map((r) => String(Object.values(r)[0])).join('\n');
  if (deps.database.kind === 'postgres') {
    const c = await (client as pg.Pool).connect();
    try {
      await c.query('begin');
      for (const s of settings) await c.query(`set local ${s}`);
      const out: string[] = [];
      for (const s of statements)
        out.push(text((await c.query(`explain ${s.sql}`, s.params)).rows as never));
      return out;
    } finally {
      await c.query('rollback');
      c.release();
    }
  }
  const out: string[] = [];
  await (client as PGlite).transaction(async (tx) => {
    for (const s of settings) await tx.query(`set local ${s}`);
    for (const s of statements)
      out.push(text((await tx.query<Record<string, unknown>>(`explain ${s.sql}`, s.params)).rows));
    await tx.rollback();
  });
  return out;
}

const k = encodeURIComponent;
const KEYWORDS = ['東', '契約', '業務委託', '北斗製作所'];
const OTHERS = [
  '',
  'amountFrom=1000000&amountTo=5000000',
  'status=2',
  'contractAtFrom=2024-01-01&contractAtTo=2024-06-30',
  'contractAtFrom=2024-01-01&contractAtTo=2024-06-30&amountFrom=1000000&amountTo=5000000',
  `sender=${k('山田')}`,
  'amountFrom=1000000&status=2&sort=title&order=asc',
  'page=30',
];

describe('document search plans', () => {
  it.each([
    ['as planned', []],
    ['with bitmap scans disabled', ['enable_bitmapscan = off']],
  ])(
    'never compute the keyword grams per row, for any keyword with any condition (%s)',
    async (_label, settings) => {
      const found: string[] = [];
      for (const keyword of KEYWORDS)
        for (const others of OTHERS) {
          const query = [`keyword=${k(keyword)}`, others].filter(Boolean).join('&');
          const statements = await statementsOf(query);
          expect(statements.length).toBeGreaterThan(0);
          const plans = await plansOf(statements, settings);
          plans.forEach((plan, i) => {
            if (plan.includes('document_search_grams('))
              found.push(`${keyword} ${others}: statement ${i + 1}\n${plan}`);
          });
        }
      expect(found).toEqual([]);
    },
  );
});
