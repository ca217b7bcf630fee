/**
 * 取引先 as its own condition (exact and partial, folded like the keyword) and 未入力 per 書類情報 item (issue 35,
 * 税務調査対応): what GET /documents answers, combined with the other conditions, never another company's
 * documents, and a Japanese 400 naming the field for bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normalizeSearchText } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { documents } from '../../db/schema.ts';
import {
  errorOf,
  makeDocumentsWorld,
  type DocumentsWorld,
} from '../../../test/support/documents.world.ts';

let deps: TestDeps;
let app: ApiApp;
let w: DocumentsWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeDocumentsWorld(deps);
  const c = w.company.id;
  const make = async (key: string, over: Parameters<typeof makeDocument>[2]) => {
    ids[key] = (await makeDocument(deps, c, over)).id;
  };
  // Every item filled.
  await make('full', {
    title: '業務委託契約書',
    attrTitle: '業務委託（髙橋）',
    counterparty: '株式会社髙橋製作所',
    contractAt: '2024-04-01',
    validityStartAt: '2024-04-01',
    validityEndAt: '2025-03-31',
    validityEndNoticeAt: '2025-02-28',
    localId: 'K-1',
    amount: 1_000_000,
  });
  // The same 取引先 in the usual kanji and in half-width katakana with other spacing.
  await make('plain', {
    title: '秘密保持契約書',
    counterparty: '株式会社高橋製作所',
    contractAt: '2024-06-01',
    amount: 0,
  });
  await make('kana', { title: '覚書', counterparty: 'ﾀｶﾊｼ ﾃﾞｻﾞｲﾝ', contractAt: '2024-06-01' });
  // 取引先 only in the title: a keyword finds it, the 取引先 condition must not.
  await make('titleOnly', {
    title: '高橋製作所との打合せメモ',
    counterparty: '大阪物産',
    amount: 5,
  });
  // Blank items: null, and '' as older writes may have left.
  await make('noAmount', { title: '発注書', counterparty: '東京商事', contractAt: '2024-05-01' });
  await make('emptyParty', { title: '注文請書', counterparty: '', amount: 300_000, localId: '' });
  await make('bare', { title: '請求書' });
  // Another company's documents, blank and with the same 取引先, never appear.
  await makeDocument(deps, w.other.company.id, { title: '他社の書類', counterparty: '高橋製作所' });
  await makeDocument(deps, w.other.company.id, { title: '他社の空の書類' });
  await deps.database.raw.exec('analyze documents');
});

afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const find = async (query: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
  const res = await app.inject({
    method: 'GET',
    url: `/documents?${params.toString()}`,
    headers: w.headers.admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ documents: { id: string }[]; total: number }>();
};
const found = async (query: Record<string, string | string[]>) =>
  (await find(query)).documents.map((d) => d.id).sort();
const idsOf = (...keys: string[]) => keys.map((k) => ids[k]!).sort();

describe('GET /documents: 取引先', () => {
  it.each([
    ['partial, variant kanji typed', { counterparty: '髙橋' }, ['full', 'plain']],
    ['partial, usual kanji typed', { counterparty: '高橋製作' }, ['full', 'plain']],
    ['partial, hiragana finds half-width katakana', { counterparty: 'たかはし' }, ['kana']],
    ['partial, full-width spacing folded', { counterparty: 'ﾀｶﾊｼ　デザイン' }, ['kana']],
    ['partial, no match', { counterparty: '存在しない会社' }, []],
    [
      'exact, variant kanji typed',
      { counterparty: '株式会社髙橋製作所', counterpartyMatch: 'exact' },
      ['full', 'plain'],
    ],
    [
      'exact, part of the name is not enough',
      { counterparty: '髙橋', counterpartyMatch: 'exact' },
      [],
    ],
    [
      'exact, width folded',
      { counterparty: 'たかはし でざいん', counterpartyMatch: 'exact' },
      ['kana'],
    ],
  ])('%s', async (_name, query, expected) => {
    expect(await found(query)).toEqual(idsOf(...expected));
  });

  it('is the 取引先 only: a word only in the title is found by the keyword, not by 取引先', async () => {
    expect(await found({ keyword: '高橋製作所' })).toEqual(idsOf('full', 'plain', 'titleOnly'));
    expect(await found({ counterparty: '高橋製作所' })).toEqual(idsOf('full', 'plain'));
  });

  it('combines with dates, amounts and the keyword', async () => {
    expect(
      await found({
        counterparty: '高橋',
        contractAtFrom: '2024-05-01',
        contractAtTo: '2024-12-31',
      }),
    ).toEqual(idsOf('plain'));
    expect(await found({ counterparty: '高橋', amountFrom: '1' })).toEqual(idsOf('full'));
    expect(await found({ counterparty: '高橋', keyword: '秘密' })).toEqual(idsOf('plain'));
  });
});

describe('GET /documents: 未入力', () => {
  it.each([
    ['title', ['plain', 'kana', 'titleOnly', 'noAmount', 'emptyParty', 'bare']],
    ['counterparty', ['emptyParty', 'bare']],
    ['contractAt', ['titleOnly', 'emptyParty', 'bare']],
    ['validityStartAt', ['plain', 'kana', 'titleOnly', 'noAmount', 'emptyParty', 'bare']],
    ['validityEndAt', ['plain', 'kana', 'titleOnly', 'noAmount', 'emptyParty', 'bare']],
    ['validityEndNoticeAt', ['plain', 'kana', 'titleOnly', 'noAmount', 'emptyParty', 'bare']],
    ['localId', ['plain', 'kana', 'titleOnly', 'noAmount', 'emptyParty', 'bare']],
    ['amount', ['kana', 'noAmount', 'bare']],
  ])('blank=%s finds the documents without it', async (item, expected) => {
    expect(await found({ blank: item })).toEqual(idsOf(...expected));
  });

  it('several items, as a list or repeated, must all be blank', async () => {
    expect(await found({ blank: 'amount,counterparty' })).toEqual(idsOf('bare'));
    expect(await found({ blank: ['amount', 'contractAt'] })).toEqual(idsOf('bare'));
  });

  it('combines with dates, 取引先 and the keyword', async () => {
    expect(
      await found({ blank: 'amount', contractAtFrom: '2024-01-01', contractAtTo: '2024-12-31' }),
    ).toEqual(idsOf('kana', 'noAmount'));
    expect(await found({ blank: 'amount', counterparty: 'たかはし' })).toEqual(idsOf('kana'));
    expect(await found({ blank: 'counterparty', amountFrom: '1' })).toEqual(idsOf('emptyParty'));
    expect(await found({ blank: 'amount', keyword: '発注' })).toEqual(idsOf('noAmount'));
  });

  it('counts exactly what it lists', async () => {
    expect((await find({ blank: 'amount' })).total).toBe(3);
  });
});

describe('GET /documents: 取引先 and 未入力 refused', () => {
  it.each([
    [
      { blank: 'amount,memo' },
      'blank',
      '未入力の項目に指定できるのは title, counterparty, contractAt, validityStartAt, validityEndAt, validityEndNoticeAt, localId, amount です（「memo」は指定できません）。',
    ],
    [
      { counterparty: '高橋', counterpartyMatch: 'prefix' },
      'counterpartyMatch',
      '取引先の一致方法は partial（部分一致）または exact（完全一致）で指定してください。',
    ],
    [{ counterparty: 'あ'.repeat(501) }, 'counterparty', '取引先は500文字以内で指定してください。'],
  ])('%o → 400 naming the field', async (query, path, message) => {
    const res = await app.inject({
      method: 'GET',
      url: `/documents?${new URLSearchParams(query).toString()}`,
      headers: w.headers.admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorOf('validation_failed', '入力内容に誤りがあります。', [{ path, message }]),
    );
  });
});

describe('search_fold() in SQL folds as normalizeSearchText does', () => {
  it('agrees on width, case, kana, spacing and every variant kanji', async () => {
    const { KANJI_VARIANTS, KANJI_CANONICAL } = await import('@cloudsign/contract');
    const samples = [
      '  株式会社　髙橋ﾃﾞｻﾞｲﾝ  やまだ ＡＢＣ ',
      'ＹＡＭＡＤＡ\tShoji',
      'ぁゖゔ',
      `${KANJI_VARIANTS}${KANJI_CANONICAL}`,
      '㈱渡邉商店',
    ];
    for (const s of samples) {
      const [row] = await deps.database.db
        .select({ f: sql<string>`search_fold(${s})` })
        .from(documents)
        .limit(1);
      const f = row!.f;
      expect(f, s).toBe(normalizeSearchText(s));
    }
  });
});
