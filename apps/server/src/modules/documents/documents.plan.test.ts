/**
 * The search plan read as data, without a database: the statistics are a table of numbers, and every
 * question the planner asks of them is recorded.
 */
import { describe, expect, it } from 'vitest';
import { ZDocumentFindQuery } from '@cloudsign/contract';
import type { Readable } from '../../auth/access.ts';
import {
  planDocumentSearch,
  type CabinetScope,
  type SearchFilter,
  type SearchStats,
} from './documents.plan.ts';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const SALES = '22222222-2222-4222-8222-222222222222';
const HR = '33333333-3333-4333-8333-333333333333';
const SYSTEM = '44444444-4444-4444-8444-444444444444';

const admin: Readable = {
  companyId: COMPANY,
  isCompanyAdmin: true,
  readsAll: true,
  cabinetIds: [],
  systemCabinetId: null,
};
const salesMember: Readable = {
  companyId: COMPANY,
  isCompanyAdmin: false,
  readsAll: false,
  cabinetIds: [SALES],
  systemCabinetId: null,
};
const systemMember: Readable = {
  companyId: COMPANY,
  isCompanyAdmin: false,
  readsAll: true,
  cabinetIds: [SALES, SYSTEM].sort(),
  systemCabinetId: SYSTEM,
};

/** A walked search over every company document has a keyset anchor key (its exact text: the first test). */
const ANY_ANCHOR: unknown = expect.any(String);

const query = (s: string) => ZDocumentFindQuery.parse(Object.fromEntries(new URLSearchParams(s)));
const k = encodeURIComponent;

/**
 * Statistics of a million-document company, estimated as PostgreSQL does: each of a filter's words' keys and
 * other conditions matches its share (`byKey`, or every document) independently of the others, and LIKE,
 * which rechecks a word asked by keys other than itself, is taken to keep one match in a hundred.
 */
const COMPANY_SIZE = 1_000_000;

function fakeStats(
  byKey: Record<string, number>,
  counts = { company: COMPANY_SIZE, cabinet: 30_000 },
) {
  const asked: string[] = [];
  const stats: SearchStats = {
    async matches(f: SearchFilter) {
      const keys = f.words.flatMap((w) => w.keys);
      const others = Object.keys(f.conditions).filter((c) => c !== 'options');
      const access =
        f.access.kind === 'cabinets' ? `cabinets:${f.access.cabinetIds.join(',')}` : f.access.kind;
      asked.push(`matches ${access} ${[...keys, ...others].join(' ')}`);
      const shares = [...keys, ...others].map((x) => (byKey[x] ?? COMPANY_SIZE) / COMPANY_SIZE);
      const likes = f.words
        .filter((w) => w.keys.length !== 1 || w.keys[0] !== w.term)
        .map(() => 0.01);
      return Math.round([...shares, ...likes].reduce((a, b) => a * b, COMPANY_SIZE));
    },
    async counts(companyId: string, cabinetId: string | null) {
      asked.push(`counts ${cabinetId ?? 'company'}`);
      expect(companyId).toBe(COMPANY);
      return counts;
    },
  };
  return { stats, asked };
}

/** Every document linked to the sales cabinet, nothing else narrowing: no keyset anchor (links are not versioned). */
const salesFilter: SearchFilter = {
  companyId: COMPANY,
  access: { kind: 'cabinets', cabinetIds: [SALES] },
  words: [],
  keywordMode: 'index',
  conditions: { options: {} },
  contractDays: null,
};

const plan = (r: Readable, q: string, scope: CabinetScope, stats: SearchStats) =>
  planDocumentSearch(r, query(q), scope, stats);

describe('the document search plan', () => {
  it('walks the update index for an unfiltered first page, total from the company count, asking nothing', async () => {
    const { stats, asked } = fakeStats({});
    expect(await plan(admin, '', null, stats)).toEqual({
      filter: {
        companyId: COMPANY,
        access: { kind: 'all' },
        words: [],
        keywordMode: 'index',
        conditions: { options: {} },
        contractDays: null,
      },
      isCollected: false,
      isTextWalk: false,
      isUnfiltered: true,
      total: { from: 'company' },
      estimate: 0,
      anchorKey: JSON.stringify([
        COMPANY,
        { options: {}, sort: 'updatedAt', order: 'desc', perPage: 50 },
      ]),
    });
    expect(asked).toEqual([]);
  });

  it('collects a short keyword alone when its one gram is rare, counting the matches in the page statement', async () => {
    const { stats, asked } = fakeStats({ 東: 7_250 });
    expect(await plan(admin, `keyword=${k('東')}`, null, stats)).toMatchObject({
      filter: { words: [{ term: '東', keys: ['東'] }], keywordMode: 'index' },
      isCollected: true,
      isTextWalk: false,
      isUnfiltered: false,
      total: { from: 'window' },
      estimate: 7_250,
    });
    // One gram is its own estimate: asked once.
    expect(asked).toEqual(['matches all 東']);
  });

  it('walks a frequent short keyword with LIKE and answers the estimate as the total', async () => {
    const { stats, asked } = fakeStats({ 契約: 900_000 });
    expect(await plan(admin, `keyword=${k('契約')}`, null, stats)).toMatchObject({
      filter: { words: [{ term: '契約', keys: ['契約'] }], keywordMode: 'scan' },
      isCollected: false,
      isTextWalk: true,
      total: { from: 'none' },
      estimate: 900_000,
      anchorKey: ANY_ANCHOR,
    });
    expect(asked).toEqual(['matches all 契約', 'counts company']);
  });

  it('bounds a long keyword alone by its rarest gram, keeping all its grams in the index condition', async () => {
    // The database multiplies the grams as if independent (1 document); the rarest gram bounds the word.
    const { stats, asked } = fakeStats({ 北斗: 31_000, 斗製: 32_000, 製作: 90_000, 作所: 60_000 });
    const p = await plan(admin, `keyword=${k('北斗製作所')}`, null, stats);
    expect(p).toMatchObject({
      filter: { words: [{ term: '北斗製作所', keys: ['北斗', '斗製', '製作', '作所'] }] },
      estimate: 31_000,
    });
    expect(asked).toEqual([
      'matches all 北斗 斗製 製作 作所',
      'matches all 北斗',
      'matches all 斗製',
      'matches all 製作',
      'matches all 作所',
      'counts company',
    ]);
    // 31,000 matches: walking 50 of them reads about 1,600 rows, far fewer than collecting 31,000.
    expect(p).toMatchObject({
      isCollected: false,
      isTextWalk: true,
      total: { from: 'none' },
      filter: { keywordMode: 'scan' },
    });
  });

  it('asks a long keyword with other conditions by its rarest gram, and combines the two shares', async () => {
    const { stats, asked } = fakeStats({
      北斗: 31_000,
      斗製: 32_000,
      製作: 90_000,
      作所: 60_000,
      amountFrom: 200_000,
    });
    const p = await plan(
      admin,
      `keyword=${k('北斗製作所')}&amountFrom=1000000&amountTo=5000000`,
      null,
      stats,
    );
    expect(p).toMatchObject({
      filter: {
        words: [{ term: '北斗製作所', keys: ['北斗'] }],
        keywordMode: 'index',
        conditions: { amountFrom: 1_000_000, amountTo: 5_000_000, options: {} },
      },
      isCollected: true,
      total: { from: 'window' },
      // 31,000 × 200,000 ÷ 1,000,000: the words' share times the other conditions' share (the database's own
      // estimate, with LIKE, is 62).
      estimate: 6_200,
    });
    expect(asked).toEqual([
      'matches all 北斗',
      'matches all 斗製',
      'matches all 製作',
      'matches all 作所',
      'matches all 北斗 amountFrom amountTo',
      'matches all amountFrom amountTo',
      // The rarest gram again (answered by the estimate cache in the service), then the company count.
      'matches all 北斗',
      'matches all 斗製',
      'matches all 製作',
      'matches all 作所',
      'counts company',
    ]);
  });

  describe('a broad keyword whose matches may not be spread through the walked order', () => {
    // 契約 in 727,000 of a million documents, a half-year contract-date range in 80,000, a sender in 100,000.
    const broad = { 契約: 727_000, contractAtFrom: 80_000, sender: 100_000, status: 600_000 };

    it.each([
      ['a contract-date range', 'contractAtFrom=2024-01-01&contractAtTo=2024-06-30', 58_160],
      ['a validity-end range', 'validityEndAtFrom=2024-01-01', 109_050],
      ['a sent-date range', 'sentAtTo=2024-06-30', 109_050],
      ['a sender', `sender=${k('山田')}`, 72_700],
    ])(
      'collects 契約 with %s below the unspread ceiling, counted exactly',
      async (_label, others, estimate) => {
        const { stats } = fakeStats({ ...broad, validityEndAtFrom: 150_000, sentAtTo: 150_000 });
        const p = await plan(admin, `keyword=${k('契約')}&${others}`, null, stats);
        expect(p).toMatchObject({
          filter: { words: [{ term: '契約', keys: ['契約'] }], keywordMode: 'index' },
          isCollected: true,
          isTextWalk: false,
          total: { from: 'window' },
        });
        expect(p!.anchorKey).toBeUndefined();
        expect(p!.estimate).toBe(estimate);
      },
    );

    it('collects 業務委託 sorted by title, whose walk reads the table for every title before it', async () => {
      const { stats } = fakeStats({ 業務: 68_000, 務委: 70_000, 委託: 69_000 });
      const p = await plan(admin, `keyword=${k('業務委託')}&sort=title&order=asc`, null, stats);
      expect(p).toMatchObject({
        filter: {
          words: [{ term: '業務委託', keys: ['業務', '務委', '委託'] }],
          keywordMode: 'index',
        },
        isCollected: true,
        isTextWalk: false,
        total: { from: 'window' },
        estimate: 68_000,
      });
      // Sorted by update time, the same word is walked: its matches are spread through that order.
      expect(await plan(admin, `keyword=${k('業務委託')}`, null, stats)).toMatchObject({
        isCollected: false,
        isTextWalk: true,
        total: { from: 'none' },
      });
    });

    it('still walks a word in most documents sorted by title: at worst the few others are passed', async () => {
      // 契約 in 150,000 of 200,000 documents: a title walk passes at most the 50,000 others, where collecting
      // reads 150,000 (measured on 150,000 documents: 2 s collected, 5 ms walked).
      const { stats } = fakeStats({ ...broad, 契約: 150_000 }, { company: 200_000, cabinet: 0 });
      expect(
        await plan(admin, `keyword=${k('契約')}&sort=title&order=asc`, null, stats),
      ).toMatchObject({ isCollected: false, isTextWalk: true, total: { from: 'none' } });
    });

    it('still walks a status, whose matches are spread through update order', async () => {
      const { stats } = fakeStats(broad);
      expect(await plan(admin, `keyword=${k('契約')}&status=2`, null, stats)).toMatchObject({
        isCollected: false,
        isTextWalk: true,
        total: { from: 'none' },
        estimate: 436_200,
      });
    });

    it('still walks a date range when collecting its matches would cost more than a page may', async () => {
      const { stats } = fakeStats({ ...broad, contractAtFrom: 500_000 });
      expect(
        await plan(admin, `keyword=${k('契約')}&contractAtFrom=2020-01-01`, null, stats),
      ).toMatchObject({ isCollected: false, isTextWalk: true, estimate: 363_500 });
    });
  });

  it('walks an exact 取引先 of many documents in update order: its index is in that order', async () => {
    // 北斗製作所株式会社 on 32,000 of a million documents.
    const { stats } = fakeStats({ counterparty: 32_000 });
    const exact = `counterparty=${k('北斗製作所株式会社')}&counterpartyMatch=exact`;
    expect(await plan(admin, exact, null, stats)).toMatchObject({
      isCollected: false,
      total: { from: 'none' },
      estimate: 32_000,
    });
    // Sorted by title the walk would read the table for every title before the matches: collected.
    expect(await plan(admin, `${exact}&sort=title`, null, stats)).toMatchObject({
      isCollected: true,
      total: { from: 'window' },
    });
  });

  it('walks one text item left blank by its own index in update or title order; other blanks are collected', async () => {
    // 管理番号 left blank on 150,000 of a million documents, 取引金額 on 150,000, 営業 in 100,000.
    const { stats } = fakeStats({ blank: 150_000, 営業: 100_000 });
    const walked = { isCollected: false, total: { from: 'none' }, estimate: 150_000 };
    const collected = { isCollected: true, total: { from: 'window' } };
    for (const q of ['blank=localId', 'blank=localId&sort=title&order=asc', 'blank=counterparty'])
      expect(await plan(admin, q, null, stats), q).toMatchObject(walked);
    // Blanks are often one batch lying together in the walked order: where no index holds them in that order
    // (another sort, the amount, two items, another condition), they are collected and counted exactly.
    for (const q of [
      'blank=localId&sort=contractAt',
      'blank=amount',
      'blank=localId,counterparty',
      `blank=localId&keyword=${k('営業')}`,
    ])
      expect(await plan(admin, q, null, stats), q).toMatchObject(collected);
  });

  it('walks 未入力 of the amount with a contract-date range day by day, answering the estimate', async () => {
    // 取引金額 left blank on 350,000 of a million documents, a half-year contract-date range on a tenth.
    const { stats } = fakeStats({ blank: 350_000, contractAtFrom: 100_000, status: 600_000 });
    const range = 'blank=amount&contractAtFrom=2024-01-01&contractAtTo=2024-06-30';
    const p = await plan(admin, range, null, stats);
    expect(p).toMatchObject({
      isCollected: false,
      isTextWalk: false,
      total: { from: 'none' },
      estimate: 35_000,
      anchorKey: ANY_ANCHOR,
    });
    // Every day of the range, in order: the walk reads at most a page's end of each day.
    expect(p!.walkDays).toHaveLength(182);
    expect([p!.walkDays![0], p!.walkDays!.at(-1)]).toEqual(['2024-01-01', '2024-06-30']);
    // Its matches lie together in update order, so whatever cannot be read day by day is collected as before:
    // another condition, another sort, another item, a range of more than a year, or a page whose days'
    // entries outnumber the matches.
    for (const q of [
      `${range}&status=2`,
      `${range}&sort=title`,
      'blank=amount,contractAt&contractAtFrom=2024-01-01&contractAtTo=2024-06-30',
      'blank=amount&contractAtFrom=2023-01-01&contractAtTo=2024-06-30',
      `${range}&page=4`,
    ]) {
      const other = await plan(admin, q, null, stats);
      expect(other, q).toMatchObject({ isCollected: true, total: { from: 'window' } });
      expect(other!.walkDays, q).toBeUndefined();
    }
    // A member's search within his cabinets is collected too (each walked entry would need a link probe).
    expect(await plan(salesMember, range, null, stats)).toMatchObject({ isCollected: true });
    // Few matches are collected and counted exactly.
    const few = fakeStats({ blank: 150_000, contractAtFrom: 100_000 });
    expect(await plan(admin, range, null, few.stats)).toMatchObject({
      isCollected: true,
      total: { from: 'window' },
      estimate: 15_000,
    });
  });

  it('lists a contract-date range day by day when an amount range comes with it', async () => {
    const { stats } = fakeStats({ contractAtFrom: 8_700 });
    const p = await plan(
      admin,
      'contractAtFrom=2024-02-27&contractAtTo=2024-03-01&amountFrom=1000000',
      null,
      stats,
    );
    expect(p).toMatchObject({
      filter: { contractDays: ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01'], words: [] },
      isCollected: true,
      total: { from: 'window' },
      estimate: 8_700,
    });
    // Without an amount range the range stays a range.
    expect(
      (await plan(admin, 'contractAtFrom=2024-02-27&contractAtTo=2024-03-01', null, stats))!.filter
        .contractDays,
    ).toBeNull();
  });

  it('reads an unfiltered user cabinet through its links, counted exactly, collecting a small cabinet', async () => {
    const small = fakeStats({}, { company: 1_000_000, cabinet: 3_000 });
    expect(await plan(admin, '', { id: SALES, isSystem: false }, small.stats)).toEqual({
      filter: salesFilter,
      isCollected: true,
      isTextWalk: false,
      isUnfiltered: true,
      total: { from: 'cabinet', cabinetId: SALES },
      estimate: 0,
    });
    expect(small.asked).toEqual([`counts ${SALES}`]);
    // A large cabinet's first page is found soon enough by walking.
    const large = fakeStats({}, { company: 1_000_000, cabinet: 300_000 });
    expect(await plan(admin, '', { id: SALES, isSystem: false }, large.stats)).toMatchObject({
      isCollected: false,
      total: { from: 'cabinet', cabinetId: SALES },
    });
  });

  it('costs a keyword within a cabinet on its company-wide matches, which collecting reads', async () => {
    const { stats, asked } = fakeStats({ 東: 25_000 });
    const p = await plan(
      admin,
      `keyword=${k('東')}&cabinetId=${HR}`,
      { id: HR, isSystem: false },
      stats,
    );
    expect(p).toMatchObject({
      filter: { access: { kind: 'cabinets', cabinetIds: [HR] }, keywordMode: 'scan' },
      total: { from: 'none' },
      anchorKey: undefined,
    });
    expect(asked).toEqual([`matches cabinets:${HR} 東`, 'matches all 東', 'counts company']);
  });

  it('searches the one cabinet of a plain member who reads one, with its exact count', async () => {
    const { stats } = fakeStats({}, { company: 1_000_000, cabinet: 30_000 });
    expect(await plan(salesMember, '', null, stats)).toEqual({
      filter: salesFilter,
      isCollected: false,
      isTextWalk: false,
      isUnfiltered: true,
      total: { from: 'cabinet', cabinetId: SALES },
      estimate: 0,
    });
    // A member who reads no cabinet finds nothing, without asking anything.
    const none = fakeStats({});
    expect(
      await plan({ ...salesMember, cabinetIds: [] }, `keyword=${k('東')}`, null, none.stats),
    ).toBeNull();
    expect(none.asked).toEqual([]);
  });

  it('lets a member reading the system cabinet search every document, like a company admin', async () => {
    const { stats, asked } = fakeStats({});
    expect(await plan(systemMember, '', null, stats)).toMatchObject({
      filter: { access: { kind: 'all' } },
      total: { from: 'company' },
      anchorKey: ANY_ANCHOR,
    });
    expect(
      await plan(systemMember, `cabinetId=${SYSTEM}`, { id: SYSTEM, isSystem: true }, stats),
    ).toMatchObject({
      filter: { access: { kind: 'system' } },
      total: { from: 'company' },
      anchorKey: ANY_ANCHOR,
    });
    expect(asked).toEqual([]);
  });
});
