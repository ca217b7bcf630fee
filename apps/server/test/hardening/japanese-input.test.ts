/**
 * Japanese input as people type it (docs/glossary.md "Input"): amounts with commas, full-width digits and 円;
 * dates in slashes and in the Japanese era; emails in full width; keywords in old or variant kanji. Every
 * rule through the API a client uses, on PGlite and on PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { buildSiteApp } from '../../src/site-app.ts';
import { documents, users } from '../../src/db/schema.ts';
import { KANJI_CANONICAL, KANJI_VARIANTS } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeDocument, makeUser } from '../support/fixtures.ts';
import { makeDocumentsWorld, type DocumentsWorld } from '../support/documents.world.ts';
import { logIn, makeLoginUser } from '../support/site.world.ts';
import { ADD_HEADER, rowsOf, uploadAndCheck, utf8 } from '../support/member-bulk.world.ts';

let deps: TestDeps;
let app: ApiApp;
let w: DocumentsWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  w = await makeDocumentsWorld(deps);
  const doc = (title: string, over: Parameters<typeof makeDocument>[2] = {}) =>
    makeDocument(deps, w.company.id, { title, ...over }).then((d) => (ids[title] = d.id));
  await doc('百万円の契約', { amount: 1_000_000, contractAt: '2026-04-01' });
  await doc('百万円未満の契約', { amount: 999_999, contractAt: '2026-03-31' });
  await doc('髙橋商店との契約');
  await doc('高橋商事との契約');
  await doc('﨑山工業 覚書');
  await doc('渡邉建設 発注書');
  await doc('齋藤商会 見積書');
  await doc('德川物産 契約書');
  await doc('ｶﾀｶﾅ商事 契約書');
  // Not ＡＢＣ: a keyword of hex letters also finds a document whose id holds them (search_text has the id).
  await doc('ＸＹＺ株式会社 契約書');
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const titlesOf = async (query: Record<string, string>) => {
  const res = await app.inject({
    method: 'GET',
    url: `/documents?${new URLSearchParams(query).toString()}`,
    headers: w.headers.admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ documents: { title: string }[] }>()
    .documents.map((d) => d.title)
    .sort();
};

describe('amounts in the document search', () => {
  it.each(['1000000', '1,000,000', '１，０００，０００', '1000000円', '¥1,000,000'])(
    'amountFrom=%s applies the filter',
    async (typed) => {
      expect(await titlesOf({ amountFrom: typed })).toEqual(['百万円の契約']);
      expect(await titlesOf({ amountTo: typed, amountFrom: '999,999' })).toEqual([
        '百万円の契約',
        '百万円未満の契約',
      ]);
    },
  );

  it('a misplaced comma is refused with the reason, not dropped', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/documents?amountFrom=1%2C00',
      headers: w.headers.admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: unknown } }>().error.details).toEqual([
      { path: 'amountFrom', message: '取引金額（から）は0以上の整数で指定してください。' },
    ]);
  });
});

describe('dates in the document search', () => {
  it.each([
    '2026-04-01',
    '2026/4/1',
    '令和8年4月1日',
    '令和８年４月１日',
    'R8.4.1',
    '2026年4月1日',
  ])('contractAtFrom=%s applies the filter', async (typed) => {
    expect(await titlesOf({ contractAtFrom: typed })).toEqual(['百万円の契約']);
    expect(await titlesOf({ contractAtTo: typed, contractAtFrom: '令和8年3月31日' })).toEqual([
      '百万円の契約',
      '百万円未満の契約',
    ]);
  });

  it('a day that does not exist is refused by name', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/documents?contractAtFrom=${encodeURIComponent('令和8年2月30日')}`,
      headers: w.headers.admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: unknown } }>().error.details).toEqual([
      { path: 'contractAtFrom', message: '契約締結日（から）に存在しない日付が指定されています。' },
    ]);
  });
});

describe('PUT /documents/{id}/attribute takes amounts and dates as typed', () => {
  it('stores 1,000,000円 as 1000000 and 令和8年4月1日 as 2026-04-01', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/documents/${ids['高橋商事との契約']}/attribute`,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: {
        amount: '１，０００，０００円',
        contractAt: '令和8年4月1日',
        validityEndAt: '2027/3/31',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { attribute } = res.json<{ document: { attribute: Record<string, unknown> } }>().document;
    expect([attribute.amount, attribute.contractAt, attribute.validityEndAt]).toEqual([
      1_000_000,
      '2026-04-01',
      '2027-03-31',
    ]);
  });

  it('refuses an amount that is not one, nothing written', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/documents/${ids['百万円の契約']}/attribute`,
      headers: w.headers.admin,
      payload: { amount: '百万円' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: unknown } }>().error.details).toEqual([
      { path: 'amount', message: '取引金額は整数で入力してください。' },
    ]);
    const [row] = await deps.database.db
      .select({ amount: documents.amount })
      .from(documents)
      .where(eq(documents.id, ids['百万円の契約']!));
    expect(row!.amount).toBe(1_000_000);
  });
});

describe('emails typed in full width', () => {
  it('POST /users stores ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ as taro@example.com', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/users',
      headers: w.headers.admin,
      payload: { email: 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ', name: '全角 太郎' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ user: { email: string } }>().user.email).toBe('taro@example.com');
  });

  it('refuses what is still not half-width after NFKC with 半角で入力してください', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/users',
      headers: w.headers.admin,
      payload: { email: 'たろう@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: unknown } }>().error.details).toEqual([
      { path: 'email', message: 'メールアドレスは半角で入力してください。' },
    ]);
  });

  it('the member CSV normalises a full-width email and refuses a kana one by row and column', async () => {
    const m = await uploadAndCheck(
      app,
      w.headers.admin,
      'bulk_add',
      utf8([
        ADD_HEADER,
        ['ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｃｏｍ', '全角 花子', '', '', '', '', '', '', ''],
        ['はなこ@example.com', '仮名 花子', '', '', '', '', '', '', ''],
      ]),
    );
    const { rows } = await rowsOf(app, w.headers.admin, m.id);
    expect(rows.map((r) => [r.rowNumber, r.action, r.after?.email, r.errors])).toEqual([
      [2, 'add', 'hanako@example.com', []],
      [
        3,
        'error',
        undefined,
        [{ column: 'メールアドレス', message: 'メールアドレスは半角で入力してください。' }],
      ],
    ]);
  });

  it('the login page signs in with the email typed in full width', async () => {
    const site = await buildSiteApp(deps);
    try {
      await makeLoginUser(deps, w.company.id, { email: 'zenkaku@example.com' });
      const { res } = await logIn(site, 'ＺＥＮＫＡＫＵ＠ｅｘａｍｐｌｅ．ｃｏｍ');
      expect(res.statusCode).toBe(303);
    } finally {
      await site.close();
    }
  });
});

describe('keyword search folds old and variant kanji and width', () => {
  it.each([
    ['高橋商店', ['髙橋商店との契約']],
    ['髙橋', ['髙橋商店との契約', '高橋商事との契約']],
    ['崎山', ['﨑山工業 覚書']],
    ['渡辺', ['渡邉建設 発注書']],
    ['渡邊', ['渡邉建設 発注書']],
    ['斉藤', ['齋藤商会 見積書']],
    ['斎藤', ['齋藤商会 見積書']],
    ['齊藤', ['齋藤商会 見積書']],
    ['徳川', ['德川物産 契約書']],
    ['カタカナ', ['ｶﾀｶﾅ商事 契約書']],
    ['かたかな', ['ｶﾀｶﾅ商事 契約書']],
    ['xyz', ['ＸＹＺ株式会社 契約書']],
  ])('documents: %s finds %j', async (keyword, titles) => {
    expect(await titlesOf({ keyword })).toEqual([...titles].sort());
  });

  it('members: 高橋 finds 髙橋 and 髙橋 finds 高橋; 辺 finds 邊 and 邉', async () => {
    await makeUser(deps, w.company.id, { name: '髙橋 一郎', email: 'takahashi1@example.test' });
    await makeUser(deps, w.company.id, { name: '高橋 二郎', email: 'takahashi2@example.test' });
    await makeUser(deps, w.company.id, { name: '渡邊 三郎', email: 'watanabe3@example.test' });
    await makeUser(deps, w.company.id, { name: '渡邉 四郎', email: 'watanabe4@example.test' });
    const names = async (keyword: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/members?keyword=${encodeURIComponent(keyword)}`,
        headers: w.headers.admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ members: { name: string }[] }>()
        .members.map((m) => m.name)
        .sort();
    };
    expect(await names('高橋')).toEqual(['高橋 二郎', '髙橋 一郎']);
    expect(await names('髙橋 一郎')).toEqual(['髙橋 一郎']);
    expect(await names('渡辺')).toEqual(['渡邉 四郎', '渡邊 三郎']);
    expect(await names('渡')).toEqual(['渡邉 四郎', '渡邊 三郎']);
  });
});

describe('the migration re-normalising stored search_text', () => {
  const file = new URL('../../drizzle/0023_search_text_kanji_variants.sql', import.meta.url)
    .pathname;
  const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');

  it('carries the same table as the code', () => {
    const text = statements.join('');
    expect(text).toContain(`'${KANJI_VARIANTS}', '${KANJI_CANONICAL}'`);
  });

  it('folds rows stored before, so 高橋 finds them (members and documents)', async () => {
    const db = deps.database.db;
    const old = await makeUser(deps, w.company.id, { name: '髙島 五郎' });
    await db
      .update(users)
      .set({ searchText: `髙島 五郎 ${old.email}` })
      .where(eq(users.id, old.id));
    const oldDoc = await makeDocument(deps, w.company.id, { title: '髙島屋との契約' });
    await db
      .update(documents)
      .set({ searchText: `髙島屋との契約 ${oldDoc.id}` })
      .where(eq(documents.id, oldDoc.id));
    for (const s of statements) await db.execute(sql.raw(s));
    const [u] = await db.select({ t: users.searchText }).from(users).where(eq(users.id, old.id));
    expect(u!.t).toBe(`高島 五郎 ${old.email}`);
    expect(await titlesOf({ keyword: '高島屋' })).toEqual(['髙島屋との契約']);
    const res = await app.inject({
      method: 'GET',
      url: `/members?keyword=${encodeURIComponent('高島')}`,
      headers: w.headers.admin,
    });
    expect(res.json<{ members: { name: string }[] }>().members.map((m) => m.name)).toEqual([
      '髙島 五郎',
    ]);
  });
});
