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
let admin: Parameters<typeof findDocuments>[0]['auth'];
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
      amount, attr_title, local_id, validity_start_at, validity_end_at, validity_end_notice_at, updated_at)
    select ${company.id}, case when i % 4 = 1 then 1 else 2 end, t.title, t.party, '山田 太郎',
      t.title || ' ' || coalesce(t.party, ''), case when i % 40 = 11 then null else date '2024-01-01' + (i % 730) end,
      case when i % 40 = 7 then null else (i * 7919) % 10000000 end,
      case when i % 40 = 3 then null else t.title end, case when i % 40 = 5 then '' else 'K-' || i end,
      case when i % 40 = 13 then null else date '2024-01-01' + (i % 730) end,
      case when i % 40 = 15 then null else date '2025-01-01' + (i % 730) end,
      case when i % 40 = 17 then null else date '2024-12-01' + (i % 730) end,
      timestamptz '2025-01-01T00:00:00Z' - make_interval(secs => i)
    from generate_series(1, ${COUNT}) i,
    lateral (select case when i % 4 = 0 then '覚書 契約' else '業務委託契約書 第' || i || '号' end as title,
      case when i % 40 = 9 then null when i % 32 = 2 then '北斗製作所' else '東京商事' end as party) t`);
  await deps.database.raw.exec('analyze documents');
});

afterAll(async () => {
  await deps.cleanup();
});

/** The statements one search issues (same driver and connections as the API's). */
async function statementsOf(query: string): Promise<Statement[]> {
  const q = ZDocumentFindQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  const statements = await recordStatements(deps, (db) =>
    findDocuments({ db, auth: admin }, q, { pageCache: false }),
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

  // 取引先 and 未入力 (issue 35, migration 0041): every statement can be answered from an index that narrows by
  // the condition, alone and combined; reading all the company's documents would cost seconds at a million. At
  // 3,000 rows that read is the cheaper plan, so it is priced out (enable_seqscan off); what stays is a read
  // of every company document: a sequential scan, or a documents index asked by the company alone (these
  // matches are few, so the search collects them and walks no sort index).
  // A partial 取引先 alone is asked as a keyword is (its words through the grams index, searchWords): at 3,000
  // rows PostgreSQL reads the company's 3,000 entries rather than the grams index, as it does for the keyword,
  // so that one is measured by the bench at a million documents instead.
  const NEW_CONDITIONS = [
    `counterparty=${k('北斗製作所')}&counterpartyMatch=exact`,
    `counterparty=${k('北斗')}&contractAtFrom=2024-01-01&contractAtTo=2024-06-30`,
    `counterparty=${k('北斗製作所')}&counterpartyMatch=exact&amountFrom=1000000`,
    ...['title', 'counterparty', 'contractAt', 'validityStartAt', 'validityEndAt'].map(
      (b) => `blank=${b}`,
    ),
    ...['validityEndNoticeAt', 'localId', 'amount'].map((b) => `blank=${b}`),
    'blank=amount&contractAtFrom=2024-01-01&contractAtTo=2024-06-30',
    'blank=counterparty&amountFrom=1000000&amountTo=5000000',
    `blank=amount&counterparty=${k('北斗')}`,
    'blank=amount,contractAt&sort=title&order=asc',
    `blank=localId&keyword=${k('覚書')}`,
  ];
  /** The plan's reads of every company document: sequential scans, and documents indexes asked by company only. */
  const wholeCompanyReads = (plan: string) => {
    const lines = plan.split('\n');
    return lines.filter((line, i) => {
      if (/Seq Scan on documents/.test(line)) return true;
      // A partial index of blanks (documents_company_blank_*) holds only the matches: asked by company, it is exact.
      if (
        !/Index (Only )?Scan (Backward )?(using|on) documents_/.test(line) ||
        /_blank_/.test(line)
      )
        return false;
      const cond = lines.slice(i + 1).find((l) => /Index Cond:|Scan/.test(l)) ?? '';
      return (
        !cond.includes('Index Cond:') ||
        /Index Cond: \(+company_id = '[^']+'::uuid\)+\s*$/.test(cond)
      );
    });
  };
  it('answer 取引先 and 未入力 from indexes, never by reading every document', async () => {
    const found: string[] = [];
    for (const query of NEW_CONDITIONS) {
      const statements = await statementsOf(query);
      expect(statements.length).toBeGreaterThan(0);
      const plans = await plansOf(statements, ['enable_seqscan = off']);
      plans.forEach((plan, i) => {
        if (wholeCompanyReads(plan).length > 0) found.push(`${query}: statement ${i + 1}\n${plan}`);
      });
    }
    expect(found).toEqual([]);
  });
});
