/**
 * A broad keyword walked in update order (migration 0021): documents whose search text the covering index holds
 * and the rare longer ones (their own index) come back as one ordered list, page by page, in both directions.
 * A small test company never reaches the estimate that chooses the walk, so the page statement is asked directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDocumentFindQuery } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument } from '../../../test/support/fixtures.ts';
import type { Readable } from '../../auth/access.ts';
import { documentSearch } from './documents-search.repository.ts';
import { searchFilter } from './search-filter.ts';

let deps: TestDeps;
let readable: Readable;
const titles: Record<string, string> = {};

beforeAll(async () => {
  deps = await createTestDeps();
  const company = await makeCompany(deps, { name: '株式会社長文' });
  readable = {
    companyId: company.id,
    isCompanyAdmin: true,
    readsAll: true,
    cabinetIds: [],
    systemCabinetId: null,
  };
  // 700 characters of Japanese are 2,100 bytes: more than the covering index holds.
  const longCounterparty = `${'長'.repeat(699)}東`;
  const make = async (key: string, title: string, day: number, counterparty = '') => {
    const doc = await makeDocument(deps, company.id, {
      title,
      counterparty,
      updatedAt: new Date(Date.UTC(2024, 0, day)),
    });
    titles[doc.id] = key;
  };
  await make('newest', '東京契約書', 9);
  await make('long-match', '長い書類', 8, longCounterparty);
  await make('no-match', '大阪契約書', 7);
  await make('middle', '東北契約書', 6);
  await make('long-no-match', '長い別書類', 5, '長'.repeat(700));
  await make('oldest', '関東契約書', 4);
  // Another company's document with the same word is never walked.
  const other = await makeCompany(deps, { name: '他社' });
  await makeDocument(deps, other.id, {
    title: '東京の他社書類',
    updatedAt: new Date(Date.UTC(2024, 0, 10)),
  });
});

afterAll(async () => {
  await deps.cleanup();
});

async function walk(keyword: string, order: 'asc' | 'desc', page: number, perPage: number) {
  const q = ZDocumentFindQuery.parse({
    keyword,
    order,
    page: String(page),
    perPage: String(perPage),
  });
  const filter = searchFilter(readable, q, null, 'scan');
  const rows = await documentSearch(deps.database.db, readable, {
    filter,
    isCollected: false,
    total: { from: 'none' },
    isTextWalk: true,
  }).page(q);
  return rows.map((r) => titles[r.id]);
}

describe('a keyword walked in update order', () => {
  it('merges documents with short and long search text in update order, newest first', async () => {
    expect(await walk('東', 'desc', 1, 10)).toEqual(['newest', 'long-match', 'middle', 'oldest']);
  });

  it('pages through the merged order without losing or repeating a document', async () => {
    expect(await walk('東', 'desc', 1, 2)).toEqual(['newest', 'long-match']);
    expect(await walk('東', 'desc', 2, 2)).toEqual(['middle', 'oldest']);
    expect(await walk('東', 'desc', 3, 2)).toEqual([]);
  });

  it('walks oldest first too', async () => {
    expect(await walk('東', 'asc', 1, 3)).toEqual(['oldest', 'middle', 'long-match']);
    expect(await walk('東', 'asc', 2, 3)).toEqual(['newest']);
  });

  it('finds a word present only in the long text', async () => {
    expect(await walk('長東', 'desc', 1, 10)).toEqual(['long-match']);
  });
});
