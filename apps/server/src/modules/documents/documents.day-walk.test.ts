/**
 * 未入力 of the amount with a contract-date range walked one contract day at a time (documents.plan.ts
 * dayWalkDays, migration 0054): each day's blank amounts in update order, merged into one list, page by page,
 * in both directions. A small test company never reaches the estimate that chooses the walk, so the page
 * statement is asked directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDocumentFindQuery } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument } from '../../../test/support/fixtures.ts';
import type { Readable } from '../../auth/access.ts';
import { documentSearch } from './documents-search.repository.ts';
import { searchFilter } from './search-filter.ts';
import { daysBetween } from './search-terms.ts';

let deps: TestDeps;
let readable: Readable;
const titles: Record<string, string> = {};

beforeAll(async () => {
  deps = await createTestDeps();
  const company = await makeCompany(deps, { name: '株式会社日毎' });
  readable = {
    companyId: company.id,
    isCompanyAdmin: true,
    readsAll: true,
    cabinetIds: [],
    systemCabinetId: null,
  };
  const make = async (
    key: string,
    contractAt: string | null,
    updatedDay: number,
    amount: number | null = null,
  ) => {
    const doc = await makeDocument(deps, company.id, {
      title: key,
      contractAt: contractAt ?? undefined,
      amount: amount ?? undefined,
      updatedAt: new Date(Date.UTC(2024, 6, updatedDay)),
    });
    titles[doc.id] = key;
  };
  // Update order is not contract-day order: the merge must interleave the days.
  await make('jan-newest', '2024-01-05', 20);
  await make('mar-middle', '2024-03-10', 15);
  await make('jan-older', '2024-01-05', 12);
  await make('jun-oldest', '2024-06-30', 3);
  await make('feb-first-day', '2024-02-01', 10);
  // Not matches: an amount given (0 is an amount), a day outside the range, no contract date.
  await make('with-amount', '2024-01-05', 25, 1_000);
  await make('zero-amount', '2024-03-10', 24, 0);
  await make('july', '2024-07-01', 30);
  await make('no-date', null, 29);
  // Another company's blank in the range is never walked.
  const other = await makeCompany(deps, { name: '他社' });
  await makeDocument(deps, other.id, {
    title: '他社',
    contractAt: '2024-01-05',
    updatedAt: new Date(Date.UTC(2024, 6, 28)),
  });
});

afterAll(async () => {
  await deps.cleanup();
});

async function walk(order: 'asc' | 'desc', page: number, perPage: number) {
  const q = ZDocumentFindQuery.parse({
    blank: 'amount',
    contractAtFrom: '2024-01-01',
    contractAtTo: '2024-06-30',
    order,
    page: String(page),
    perPage: String(perPage),
  });
  const rows = await documentSearch(deps.database.db, readable, {
    filter: searchFilter(readable, q, null),
    isCollected: false,
    total: { from: 'none' },
    isTextWalk: false,
    walkDays: daysBetween(q.contractAtFrom, q.contractAtTo)!,
  }).page(q);
  return rows.map((r) => titles[r.id]);
}

describe('未入力 of the amount with a contract-date range, walked day by day', () => {
  it('merges the days into update order, newest first, and finds only blank amounts in the range', async () => {
    expect(await walk('desc', 1, 10)).toEqual([
      'jan-newest',
      'mar-middle',
      'jan-older',
      'feb-first-day',
      'jun-oldest',
    ]);
  });

  it('pages through the merged order without losing or repeating a document', async () => {
    expect(await walk('desc', 1, 2)).toEqual(['jan-newest', 'mar-middle']);
    expect(await walk('desc', 2, 2)).toEqual(['jan-older', 'feb-first-day']);
    expect(await walk('desc', 3, 2)).toEqual(['jun-oldest']);
    expect(await walk('desc', 4, 2)).toEqual([]);
  });

  it('walks oldest first too', async () => {
    expect(await walk('asc', 1, 3)).toEqual(['jun-oldest', 'feb-first-day', 'jan-older']);
    expect(await walk('asc', 2, 3)).toEqual(['mar-middle', 'jan-newest']);
  });
});
