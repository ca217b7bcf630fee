/**
 * A search's first page and its total, as the member list answers them: with few matches one statement
 * collects, counts and sorts them; with more than it collects the count and the index walk answer. Both must
 * give what a plain scan of the table gives (every row whose search text holds the keyword, in 氏名 order),
 * and the pages after the first must follow on from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { signIn } from '../../../test/support/fixtures.ts';
import { seedLargeCompany } from '../../seed/large-seed.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let companyId: string;
let emailDomain: string;
let memberCount: number;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  // More members than one statement collects (3,000), all sharing the company's e-mail domain.
  const seeded = await seedLargeCompany(deps.database, {
    name: 'ベンチ株式会社',
    members: 3200,
    documents: 0,
  });
  companyId = seeded.companyId;
  emailDomain = seeded.emailDomain;
  memberCount = seeded.members;
  headers = (await signIn(deps, { id: seeded.adminId, companyId })).headers;
}, 180_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Page = { total: number; members: { id: string; name: string }[] };
const listPage = async (keyword: string, page: number, sort = '') => {
  const res = await app.inject({
    method: 'GET',
    url: `/members?page=${page}&keyword=${encodeURIComponent(keyword)}${sort}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

/** The answer without the product's search: a scan of the company's rows for the term, in 氏名 order. */
const scanned = async (term: string) => {
  const { rows } = await deps.database.raw.query<{ id: string }>(
    `select id from users where company_id = $1 and strpos(search_text, $2) > 0
     order by coalesce(furigana, name), name, id`,
    [companyId, term],
  );
  return rows.map((r) => r.id);
};

describe('a search’s first page and total', () => {
  it('with few matches: the total and the first page of a plain scan', async () => {
    // The commonest three-kana start of a reading (a family name's), typed in hiragana (stored in katakana).
    const { rows } = await deps.database.raw.query<{ reading: string }>(
      `select left(furigana, 3) as reading from users where company_id = $1 and furigana is not null
       group by 1 order by count(*) desc, 1 limit 1`,
      [companyId],
    );
    const reading = rows[0]!.reading;
    const expected = await scanned(reading);
    expect(expected.length).toBeGreaterThan(50);
    expect(expected.length).toBeLessThan(3000);
    const hiragana = reading.replace(/[\u30a1-\u30f6]/g, (c) =>
      String.fromCharCode(c.charCodeAt(0) - 0x60),
    );
    const first = await listPage(hiragana, 1);
    expect(first.total).toBe(expected.length);
    expect(first.members.map((m) => m.id)).toEqual(expected.slice(0, 50));
    const second = await listPage(hiragana, 2);
    expect(second.total).toBe(expected.length);
    expect(second.members.map((m) => m.id)).toEqual(expected.slice(50, 100));
  });

  it('with more matches than one statement collects: the exact total and the first pages', async () => {
    const expected = await scanned(emailDomain);
    expect(expected.length).toBe(memberCount);
    expect(memberCount).toBeGreaterThan(3000);
    const first = await listPage(emailDomain, 1);
    expect(first.total).toBe(memberCount);
    expect(first.members.map((m) => m.id)).toEqual(expected.slice(0, 50));
    const third = await listPage(emailDomain, 3);
    expect(third.members.map((m) => m.id)).toEqual(expected.slice(100, 150));
  });

  it('a keyword nobody matches: 0 and no rows', async () => {
    const none = await listPage('該当者のいない名前', 1);
    expect(none).toMatchObject({ total: 0, members: [] });
  });
});
