import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { eq } from 'drizzle-orm';
import {
  cabinetMemberGroups,
  cabinets,
  documents,
  memberGroups,
  memberGroupUsers,
} from '../../db/schema.ts';
import {
  errorOf,
  makeDocumentsWorld,
  makeDocumentWithParts,
  type DocumentsWorld,
} from '../../../test/support/documents.world.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let w: DocumentsWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeDocumentsWorld(deps);
  const c = w.company.id;
  const inContracts = { cabinetIds: [w.cabinets.contracts.id] };
  ids.a = (
    await makeDocumentWithParts(deps, c, {
      ...inContracts,
      title: '業務委託契約書',
      counterparty: '株式会社東京商事',
      contractAt: '2024-04-01',
      validityStartAt: '2024-04-01',
      validityEndAt: '2025-03-31',
      validityEndNoticeAt: '2025-02-28',
      amount: 1_200_000,
      autoUpdate: 1,
      localId: 'K-2024-001',
      status: 2,
      senderName: '営業 一郎',
      senderEmail: 'ichiro@example.test',
      sentAt: new Date('2024-03-31T16:00:00Z'), // 2024-04-01 01:00 in Japan
      options: { [w.options.dept.id]: '営業第一部' },
      updatedAt: new Date('2024-05-01T00:00:00Z'),
      participants: [
        { name: 'ヤマダ タロウ', email: 'Yamada@Tokyo-Shoji.example', organization: '東京商事' },
      ],
    })
  ).doc.id;
  ids.b = (
    await makeDocument(deps, c, {
      ...inContracts,
      title: '秘密保持契約書',
      counterparty: '大阪物産株式会社',
      contractAt: '2023-10-10',
      validityEndAt: '2024-10-09',
      amount: 0,
      autoUpdate: 2,
      status: 1,
      senderName: '法務 二郎',
      senderEmail: 'jiro@example.test',
      sentAt: new Date('2023-10-09T15:30:00Z'),
      updatedAt: new Date('2024-05-02T00:00:00Z'),
    })
  ).id;
  ids.c = (
    await makeDocument(deps, c, {
      cabinetIds: [w.cabinets.hr.id],
      title: '雇用契約書 ｻﾝﾌﾟﾙ',
      counterparty: null,
      amount: 300_000,
      status: 13,
      localId: 'HR-9',
      updatedAt: new Date('2024-05-03T00:00:00Z'),
    })
  ).id;
  ids.d = (
    await makeDocument(deps, c, {
      title: 'テンプレート 100%_',
      status: 4,
      updatedAt: new Date('2024-05-04T00:00:00Z'),
    })
  ).id;
  await makeDocument(deps, w.other.company.id, {
    title: '業務委託契約書（他社）',
    counterparty: '株式会社東京商事',
  });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Found = {
  documents: { id: string; title: string; cabinets: { id: string; name: string }[] }[];
  total: number;
  isTotalExact: boolean;
};
const find = async (query: string, headers = w.headers.admin) => {
  const res = await app.inject({ method: 'GET', url: `/documents?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Found>();
};
const idsOf = async (query: string, headers = w.headers.admin) =>
  (await find(query, headers)).documents.map((d) => d.id);
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

describe('GET /documents: list shape and defaults', () => {
  it('answers newest updated first with the list columns and an exact total', async () => {
    const res = await app.inject({ method: 'GET', url: '/documents', headers: w.headers.admin });
    expect(res.statusCode).toBe(200);
    const body = res.json<Found & { documents: Record<string, unknown>[] }>();
    expect(body.total).toBe(4);
    expect(body.isTotalExact).toBe(true);
    expect(body.documents.map((d) => d.id)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(body.documents[3]).toEqual({
      id: ids.a,
      status: 2,
      title: '業務委託契約書',
      counterparty: '株式会社東京商事',
      contractAt: '2024-04-01',
      validityEndAt: '2025-03-31',
      amount: 1_200_000,
      cabinets: [{ id: w.cabinets.contracts.id, name: '営業契約' }],
      senderName: '営業 一郎',
      sentAt: '2024-03-31T16:00:00.000Z',
      updatedAt: '2024-05-01T00:00:00.000Z',
    });
  });

  it('pages with page/perPage; total stays the whole count', async () => {
    const p1 = await find('perPage=3&page=1');
    const p2 = await find('perPage=3&page=2');
    expect(p1.documents.map((d) => d.id)).toEqual([ids.d, ids.c, ids.b]);
    expect(p2.documents.map((d) => d.id)).toEqual([ids.a]);
    expect(p2.total).toBe(4);
  });
});

describe('GET /documents: every filter', () => {
  it.each([
    ['title, 2 characters', '契約', ['a', 'b', 'c']],
    ['title, 1 character', '秘', ['b']],
    ['counterparty, long', '東京商事', ['a']],
    ['participant name in hiragana finds katakana', 'やまだ', ['a']],
    ['participant email ignoring case', 'YAMADA@tokyo', ['a']],
    ['participant company', '東京商', ['a']],
    ['full-width letters find half-width', 'ＹＡＭＡＤＡ', ['a']],
    ['half-width katakana stored, full-width searched', 'サンプル', ['c']],
    ['every word must match', '契約 大阪', ['b']],
    ['LIKE wildcards are literal', '100%_', ['d']],
    ['no match', '存在しない言葉', []],
  ])('keyword: %s', async (_name, keyword, expected) => {
    expect((await idsOf(q({ keyword }))).sort()).toEqual(expected.map((k) => ids[k]).sort());
  });

  it('keyword: an exact document id matches that document', async () => {
    expect(await idsOf(q({ keyword: ids.c!.toUpperCase() }))).toEqual([ids.c]);
  });

  it.each([
    ['status=2', ['a']],
    ['status=1&status=13', ['b', 'c']],
    ['status=4,2', ['a', 'd']],
    ['sender=一郎', ['a']],
    ['sender=JIRO@', ['b']],
    ['contractAtFrom=2024-01-01', ['a']],
    ['contractAtTo=2024-01-01', ['b']],
    ['contractAtFrom=2023-10-10&contractAtTo=2024-04-01', ['a', 'b']],
    ['validityStartAtFrom=2024-04-01&validityStartAtTo=2024-04-01', ['a']],
    ['validityEndAtFrom=2024-10-09&validityEndAtTo=2024-10-09', ['b']],
    ['validityEndNoticeAtTo=2025-02-28', ['a']],
    ['sentAtFrom=2024-04-01&sentAtTo=2024-04-01', ['a']],
    ['sentAtTo=2024-03-31', ['b']],
    ['sentAtFrom=2023-10-10&sentAtTo=2023-10-10', ['b']],
    ['amountFrom=300000', ['a', 'c']],
    ['amountTo=300000', ['b', 'c']],
    ['amountFrom=0&amountTo=0', ['b']],
    // A contract-date range with an amount range is asked day by day (search-terms.ts daysBetween): both
    // ends of the range are included, and a range over a year long is asked as a plain range.
    ['contractAtFrom=2023-10-10&contractAtTo=2024-04-01&amountFrom=0', ['a', 'b']],
    ['contractAtFrom=2023-10-11&contractAtTo=2024-03-31&amountTo=2000000', []],
    [
      'contractAtFrom=2024-04-01&contractAtTo=2024-04-01&amountFrom=1200000&amountTo=1200000',
      ['a'],
    ],
    ['contractAtFrom=2020-01-01&contractAtTo=2024-12-31&amountTo=0', ['b']],
    // A longer word with other conditions is asked by one of its grams (documents.service.ts rarestGrams):
    // the answer stays exact, every word must still match as a whole, and the other conditions still apply.
    [`keyword=${encodeURIComponent('東京商事')}&amountFrom=300000`, ['a']],
    [`keyword=${encodeURIComponent('東京商事')}&amountTo=300000`, []],
    [`keyword=${encodeURIComponent('商事東京')}&amountFrom=0`, []],
    [`keyword=${encodeURIComponent('契約書 ヤマダ')}&status=2`, ['a']],
    [`keyword=${encodeURIComponent('契約書')}&status=1&status=13`, ['b', 'c']],
    ['autoUpdate=1', ['a']],
    ['autoUpdate=2', ['b']],
    ['autoUpdate=0', ['c', 'd']],
    ['localId=k-2024', ['a']],
    ['localId=HR', ['c']],
  ])('%s', async (query, expected) => {
    expect((await idsOf(query)).sort()).toEqual(expected.map((k) => ids[k]).sort());
  });

  it('option.<id>: partial match on a user-defined item', async () => {
    expect(await idsOf(`option.${w.options.dept.id}=${encodeURIComponent('第一')}`)).toEqual([
      ids.a,
    ]);
    expect(await idsOf(`option.${w.options.dept.id}=${encodeURIComponent('第二')}`)).toEqual([]);
  });

  it('cabinetId: a user cabinet lists its documents; the system cabinet lists all', async () => {
    expect((await idsOf(`cabinetId=${w.cabinets.contracts.id}`)).sort()).toEqual(
      [ids.a, ids.b].sort(),
    );
    expect((await find(`cabinetId=${w.cabinets.system.id}`)).total).toBe(4);
  });

  it("cabinetId: another company's cabinet answers 404", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/documents?cabinetId=${w.other.cabinet.id}`,
      headers: w.headers.admin,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(
      errorOf('not_found', '指定されたキャビネットが見つかりません。', [
        { path: 'cabinetId', message: '指定されたキャビネットが見つかりません。' },
      ]),
    );
  });
});

describe('GET /documents: sort', () => {
  it.each([
    ['contractAt', 'asc', ['b', 'a', 'c', 'd']],
    ['contractAt', 'desc', ['d', 'c', 'a', 'b']],
    ['amount', 'asc', ['b', 'c', 'a', 'd']],
    ['amount', 'desc', ['d', 'a', 'c', 'b']],
    ['updatedAt', 'asc', ['a', 'b', 'c', 'd']],
  ])(
    'sort=%s order=%s (nulls last ascending, first descending; ties by id)',
    async (sort, order, expected) => {
      const got = await idsOf(q({ sort, order }));
      const nullTie = [ids.c, ids.d].sort();
      const want = expected.map((k) => ids[k]);
      // c and d share a NULL contract date: their order is the id tiebreak in the same direction.
      if (sort === 'contractAt') {
        const tie = order === 'asc' ? nullTie : [...nullTie].reverse();
        const rest = want.filter((id) => id !== ids.c && id !== ids.d);
        expect(got).toEqual(order === 'asc' ? [...rest, ...tie] : [...tie, ...rest]);
      } else expect(got).toEqual(want);
    },
  );

  it('every sort key is accepted in both directions', async () => {
    for (const sort of [
      'createdAt',
      'sentAt',
      'concludedAt',
      'validityStartAt',
      'validityEndAt',
      'validityEndNoticeAt',
      'title',
    ]) {
      for (const order of ['asc', 'desc']) expect((await find(q({ sort, order }))).total).toBe(4);
    }
    expect(await idsOf(q({ sort: 'title', order: 'asc' }))).toEqual([ids.d, ids.a, ids.b, ids.c]);
  });
});

describe('GET /documents: who sees what', () => {
  it('a reader of one cabinet sees only its documents, and only the cabinets they may read', async () => {
    const body = await find('', w.headers.reader);
    expect(body.documents.map((d) => d.id).sort()).toEqual([ids.a, ids.b].sort());
    expect(body.total).toBe(2);
  });

  it('a reader filtering by their cabinet gets its documents with an exact total; a keyword narrows within it', async () => {
    const all = await find(`cabinetId=${w.cabinets.contracts.id}`, w.headers.reader);
    expect(all.documents.map((d) => d.id)).toEqual([ids.b, ids.a]);
    expect([all.total, all.isTotalExact]).toEqual([2, true]);
    const second = await find(
      q({ cabinetId: w.cabinets.contracts.id, perPage: '1', page: '2' }),
      w.headers.reader,
    );
    expect([second.documents.map((d) => d.id), second.total]).toEqual([[ids.a], 2]);
    const nda = await find(
      q({ cabinetId: w.cabinets.contracts.id, keyword: '秘密' }),
      w.headers.reader,
    );
    expect([nda.documents.map((d) => d.id), nda.total, nda.isTotalExact]).toEqual([
      [ids.b],
      1,
      true,
    ]);
    const past = await find(
      q({ cabinetId: w.cabinets.contracts.id, keyword: '秘密', page: '3' }),
      w.headers.reader,
    );
    expect([past.documents, past.total, past.isTotalExact]).toEqual([[], 1, true]);
  });

  it('a member without access sees nothing', async () => {
    expect(await find('', w.headers.outsider)).toEqual({
      documents: [],
      total: 0,
      isTotalExact: true,
    });
  });

  it('a member filtering by a cabinet they cannot read gets 404', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/documents?cabinetId=${w.cabinets.hr.id}`,
      headers: w.headers.reader,
    });
    expectError(res, 'not_found', '指定されたキャビネットが見つかりません。', [
      { path: 'cabinetId', message: '指定されたキャビネットが見つかりません。' },
    ]);
  });

  it("another company's admin never sees these documents", async () => {
    const body = await find(q({ keyword: '東京商事' }), w.headers.otherAdmin);
    expect(body.documents.map((d) => d.title)).toEqual(['業務委託契約書（他社）']);
  });
});

describe('GET /documents: members reading several cabinets, or the system cabinet', () => {
  it('a document in two readable cabinets is listed once, with both cabinets; unreadable cabinets stay hidden', async () => {
    const v = await makeDocumentsWorld(deps);
    const c = v.company.id;
    const [legal] = await deps.database.db
      .insert(cabinets)
      .values({ companyId: c, name: '法務' })
      .returning();
    const member = await makeUser(deps, c, { name: '複数 閲覧' });
    const [group] = await deps.database.db
      .insert(memberGroups)
      .values({ companyId: c, name: '法務部' })
      .returning();
    await deps.database.db
      .insert(memberGroupUsers)
      .values({ groupId: group!.id, userId: member.id });
    await deps.database.db.insert(cabinetMemberGroups).values([
      { cabinetId: v.cabinets.contracts.id, groupId: group!.id },
      { cabinetId: legal!.id, groupId: group!.id },
    ]);
    const both = await makeDocument(deps, c, {
      title: '共同開発契約書',
      cabinetIds: [v.cabinets.contracts.id, legal!.id, v.cabinets.hr.id],
      updatedAt: new Date('2024-06-03T00:00:00Z'),
    });
    const onlyLegal = await makeDocument(deps, c, {
      title: '法務相談メモ',
      cabinetIds: [legal!.id],
      updatedAt: new Date('2024-06-02T00:00:00Z'),
    });
    const onlyContracts = await makeDocument(deps, c, {
      title: '売買契約書',
      cabinetIds: [v.cabinets.contracts.id],
      updatedAt: new Date('2024-06-01T00:00:00Z'),
    });
    await makeDocument(deps, c, { title: '雇用契約書', cabinetIds: [v.cabinets.hr.id] });
    await makeDocument(deps, c, { title: '未整理の契約書' });
    const headers = (await signIn(deps, member)).headers;

    const all = await find('', headers);
    expect(all.documents.map((d) => d.id)).toEqual([both.id, onlyLegal.id, onlyContracts.id]);
    expect(all.total).toBe(3);
    expect(all.documents[0]!.cabinets.map((x) => x.name)).toEqual(['営業契約', '法務']);
    const kw = await find(q({ keyword: '契約' }), headers);
    expect([kw.documents.map((d) => d.id), kw.total, kw.isTotalExact]).toEqual([
      [both.id, onlyContracts.id],
      2,
      true,
    ]);
    const second = await find(q({ perPage: '2', page: '2' }), headers);
    expect(second.documents.map((d) => d.id)).toEqual([onlyContracts.id]);
    const detail = await app.inject({ method: 'GET', url: `/documents/${both.id}`, headers });
    expect(
      detail
        .json<{ document: { cabinets: { name: string }[] } }>()
        .document.cabinets.map((x) => x.name),
    ).toEqual(['営業契約', '法務']);
    const hidden = await app.inject({
      method: 'GET',
      url: `/documents/${(await find(q({ keyword: '雇用' }), v.headers.admin)).documents[0]!.id}`,
      headers,
    });
    expectError(hidden, 'not_found');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/documents?cabinetId=${v.cabinets.hr.id}`,
          headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a member whose group reads the system cabinet reads every document of the company, with an exact total', async () => {
    const v = await makeDocumentsWorld(deps);
    const c = v.company.id;
    const member = await makeUser(deps, c, { name: '全件 閲覧' });
    const [group] = await deps.database.db
      .insert(memberGroups)
      .values({ companyId: c, name: '監査' })
      .returning();
    await deps.database.db
      .insert(memberGroupUsers)
      .values({ groupId: group!.id, userId: member.id });
    await deps.database.db
      .insert(cabinetMemberGroups)
      .values({ cabinetId: v.cabinets.system.id, groupId: group!.id });
    const filed = await makeDocument(deps, c, {
      title: '人事の書類',
      cabinetIds: [v.cabinets.hr.id],
    });
    const loose = await makeDocument(deps, c, { title: '未整理の書類' });
    const headers = (await signIn(deps, member)).headers;
    const all = await find('', headers);
    expect([all.documents.map((d) => d.id).sort(), all.total, all.isTotalExact]).toEqual([
      [filed.id, loose.id].sort(),
      2,
      true,
    ]);
    // The system cabinet holds no links: the hr cabinet is not theirs to see.
    expect(all.documents.find((d) => d.id === filed.id)!.cabinets).toEqual([]);
    const sys = await find(q({ cabinetId: v.cabinets.system.id }), headers);
    expect(sys.total).toBe(2);
  });
});

describe('GET /documents: deep pages continue from where the previous page ended', () => {
  it('answers the same pages as skipping, and follows any change to the documents at once', async () => {
    const v = await makeDocumentsWorld(deps);
    const docs = [];
    for (let i = 0; i < 6; i += 1)
      docs.push(
        await makeDocument(deps, v.company.id, {
          title: `連番${i}`,
          updatedAt: new Date(Date.UTC(2024, 0, 1, 0, 0, i, 0) + i * 0.001),
        }),
      );
    const page = async (n: number) =>
      (await find(q({ perPage: '2', page: String(n) }), v.headers.admin)).documents.map(
        (d) => d.title,
      );
    expect(await page(2)).toEqual(['連番3', '連番2']);
    expect(await page(3)).toEqual(['連番1', '連番0']);
    expect(await page(3)).toEqual(['連番1', '連番0']);
    expect(await page(2)).toEqual(['連番3', '連番2']);
    // Any writer (here plain SQL) moves 連番0 to the front: the remembered starts of pages 2 and 3 no longer hold.
    await deps.database.db
      .update(documents)
      .set({ updatedAt: new Date('2030-01-01T00:00:00Z') })
      .where(eq(documents.id, docs[0]!.id));
    expect(await page(3)).toEqual(['連番2', '連番1']);
    expect(await page(2)).toEqual(['連番4', '連番3']);
    await deps.database.db.delete(documents).where(eq(documents.id, docs[4]!.id));
    expect(await page(2)).toEqual(['連番3', '連番2']);
    expect(await page(3)).toEqual(['連番1']);
  });
});

describe('GET /documents: validation names each condition by its Japanese label', () => {
  it.each([
    [
      'status=9',
      'status',
      'ステータスに指定できるのは 0, 1, 2, 3, 4, 13 です（「9」は指定できません）。',
    ],
    [
      'contractAtFrom=2024-02-30',
      'contractAtFrom',
      '契約締結日（から）に存在しない日付が指定されています。',
    ],
    [
      'sentAtTo=yesterday',
      'sentAtTo',
      '送信日（まで）は YYYY-MM-DD 形式の日付で指定してください。',
    ],
    ['amountFrom=-1', 'amountFrom', '取引金額（から）は0以上の整数で指定してください。'],
    [
      'amountFrom=10&amountTo=5',
      'amountTo',
      '取引金額（まで）は取引金額（から）以上の金額を指定してください。',
    ],
    [
      'contractAtFrom=2024-02-01&contractAtTo=2024-01-01',
      'contractAtTo',
      '契約締結日（まで）は契約締結日（から）以降の日付を指定してください。',
    ],
    [
      'autoUpdate=3',
      'autoUpdate',
      '自動更新の有無は 0（指定なし）、1（あり）、2（なし）のいずれかで指定してください。',
    ],
    [
      'sort=foo',
      'sort',
      '並び順は updatedAt, createdAt, sentAt, concludedAt, contractAt, validityStartAt, validityEndAt, validityEndNoticeAt, amount, title のいずれかで指定してください。',
    ],
    ['order=up', 'order', '並び順の向きは asc または desc で指定してください。'],
    ['page=0', 'page', 'ページは1以上の整数で指定してください。'],
    ['perPage=101', 'perPage', '1ページの件数は1から100までの整数で指定してください。'],
    [
      'page=201',
      'page',
      'ページが大きすぎます。表示できるのは先頭から10,000件までです。条件を絞り込むか、並び順を変えてください。',
    ],
    ['cabinetId=abc', 'cabinetId', 'キャビネットはキャビネットのIDで指定してください。'],
    [
      'option.abc=x',
      'option.abc',
      '任意の項目の指定（option.abc）は「option.<項目ID>」の形式で指定してください。',
    ],
  ])('%s', async (query, path, message) => {
    const res = await app.inject({
      method: 'GET',
      url: `/documents?${query}`,
      headers: w.headers.admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorOf('validation_failed', '入力内容に誤りがあります。', [{ path, message }]),
    );
  });
});
