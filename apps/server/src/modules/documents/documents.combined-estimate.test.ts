/**
 * A keyword with other conditions (documents.service.ts planDocumentSearch): each longer word is asked by its
 * rarest gram, and the estimate that chooses collecting or walking combines the words' and the other
 * conditions' shares, instead of trusting the planner's estimate of LIKE (far too selective at a million
 * documents: 業務委託 with 締結済 was estimated at 6,000 of 68,000 matches, and collecting them ran for minutes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZDocumentFindQuery } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument } from '../../../test/support/fixtures.ts';
import type { Readable } from '../../auth/access.ts';
import { planDocumentSearch, type SearchStats } from './documents.plan.ts';
import { estimateMatches } from './documents-search.repository.ts';
import { companyAndCabinetCounts } from './documents.repository.ts';

let deps: TestDeps;
let readable: Readable;
const COUNT = 2_000;

beforeAll(async () => {
  deps = await createTestDeps();
  const company = await makeCompany(deps, { name: '株式会社見積' });
  readable = {
    companyId: company.id,
    isCompanyAdmin: true,
    readsAll: true,
    cabinetIds: [],
    systemCabinetId: null,
  };
  const model = await makeDocument(deps, company.id, { title: 'ひな形' });
  // Three in four documents hold 業務委託 (every 4th does not: 大阪物産), three in four are 締結済 (every 4th,
  // offset by one, is not): the two shares are independent, so 9 in 16 documents match both.
  await deps.database.db.execute(sql`
    insert into documents (company_id, sender_id, title, search_text, status)
    select d.company_id, d.sender_id, t.text, t.text, case when i % 4 = 1 then 1 else 2 end
    from documents d, generate_series(1, ${COUNT}) i,
    lateral (select case when i % 4 = 0 then '大阪物産 覚書' else '業務委託契約書 第' || i || '号' end as text) t
    where d.id = ${model.id}`);
  await deps.database.raw.exec('analyze documents');
});

afterAll(async () => {
  await deps.cleanup();
});

/** The database's own estimates and counts, uncached. */
const stats = (): SearchStats => ({
  matches: (filter) => estimateMatches(deps.database.db, filter),
  counts: (companyId, cabinetId) => companyAndCabinetCounts(deps.database.db, companyId, cabinetId),
});
const plan = (query: string) =>
  planDocumentSearch(
    readable,
    ZDocumentFindQuery.parse(Object.fromEntries(new URLSearchParams(query))),
    null,
    stats(),
  );

describe('a keyword with other conditions', () => {
  it('is estimated as the words’ share times the other conditions’ share', async () => {
    const p = await plan(`keyword=${encodeURIComponent('業務委託')}&status=2`);
    // 2,001 documents × 3/4 × 3/4 ≈ 1,125 (the planner's own statistics are samples: a fifth either way).
    expect(p!.estimate).toBeGreaterThan(900);
    expect(p!.estimate).toBeLessThan(1_350);
  });

  it('asks a longer word by its rarest gram, and one with nothing else by all its grams', async () => {
    // 業務 and 委託 are in the same three in four documents; 務委 too: the rarest is whichever the statistics
    // find least frequent, one of the three.
    const combined = await plan(`keyword=${encodeURIComponent('業務委託')}&status=2`);
    expect(combined!.filter.words).toEqual([
      { term: '業務委託', keys: [expect.stringMatching(/^(業務|務委|委託)$/)] },
    ]);
    const alone = await plan(`keyword=${encodeURIComponent('業務委託')}`);
    expect(alone!.filter.words).toEqual([{ term: '業務委託', keys: ['業務', '務委', '委託'] }]);
  });
});
