import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser } from '../../../test/support/fixtures.ts';
import {
  cabinetClassificationRules,
  cabinets,
  documentCabinets,
  memberGroups,
  memberGroupUsers,
} from '../../db/schema.ts';
import { applyClassificationRules } from './classification.repository.ts';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => {
  await deps.cleanup();
});

async function setup() {
  const db = deps.database.db;
  const company = await makeCompany(deps);
  const sender = await makeUser(deps, company.id);
  const outsider = await makeUser(deps, company.id);
  const [sales] = await db
    .insert(memberGroups)
    .values({ companyId: company.id, name: '営業部' })
    .returning();
  const [legal] = await db
    .insert(memberGroups)
    .values({ companyId: company.id, name: '法務部' })
    .returning();
  const [everyone] = await db
    .select()
    .from(memberGroups)
    .where(and(eq(memberGroups.companyId, company.id), eq(memberGroups.type, 1)));
  await db.insert(memberGroupUsers).values([
    { groupId: sales!.id, userId: sender.id },
    { groupId: legal!.id, userId: sender.id },
  ]);
  const [salesCab] = await db
    .insert(cabinets)
    .values({ companyId: company.id, name: '営業' })
    .returning();
  const [allCab] = await db
    .insert(cabinets)
    .values({ companyId: company.id, name: '全社' })
    .returning();
  return {
    db,
    company,
    sender,
    outsider,
    sales: sales!,
    legal: legal!,
    everyone: everyone!,
    salesCab: salesCab!,
    allCab: allCab!,
  };
}

describe('applyClassificationRules', () => {
  it('links a document once per cabinet however many rules match, and counts the links created', async () => {
    const s = await setup();
    await s.db.insert(cabinetClassificationRules).values([
      { cabinetId: s.salesCab.id, groupId: s.sales.id },
      { cabinetId: s.salesCab.id, groupId: s.legal.id },
    ]);
    const doc = await makeDocument(deps, s.company.id, { senderId: s.sender.id });
    const other = await makeDocument(deps, s.company.id, { senderId: s.outsider.id });
    expect(await applyClassificationRules(s.db, s.company.id, [doc.id, other.id])).toBe(1);
    // Applying again (conclusion after import, a retried job) creates nothing new.
    expect(await applyClassificationRules(s.db, s.company.id, [doc.id, other.id])).toBe(0);
    const links = await s.db
      .select()
      .from(documentCabinets)
      .where(eq(documentCabinets.cabinetId, s.salesCab.id));
    expect(links.map((l) => l.documentId)).toEqual([doc.id]);
  });

  it('treats the system group as every member', async () => {
    const s = await setup();
    await s.db
      .insert(cabinetClassificationRules)
      .values({ cabinetId: s.allCab.id, groupId: s.everyone.id });
    const a = await makeDocument(deps, s.company.id, { senderId: s.sender.id });
    const b = await makeDocument(deps, s.company.id, { senderId: s.outsider.id });
    const orphan = await makeDocument(deps, s.company.id, { senderId: null });
    expect(await applyClassificationRules(s.db, s.company.id, [a.id, b.id, orphan.id])).toBe(2);
  });

  it('ignores documents of another company and an empty list', async () => {
    const s = await setup();
    await s.db
      .insert(cabinetClassificationRules)
      .values({ cabinetId: s.allCab.id, groupId: s.everyone.id });
    const other = await makeCompany(deps);
    const foreign = await makeDocument(deps, other.id, { senderId: s.sender.id });
    expect(await applyClassificationRules(s.db, s.company.id, [foreign.id])).toBe(0);
    expect(await applyClassificationRules(s.db, s.company.id, [])).toBe(0);
  });
});
