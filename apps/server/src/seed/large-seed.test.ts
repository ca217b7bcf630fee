import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { documentSearchText, memberSearchText } from '../lib/search-text.ts';
import * as s from '../db/schema.ts';
import { seedLargeCompany, type LargeSeedResult } from './large-seed.ts';

let deps: TestDeps;
let result: LargeSeedResult;
const n = sql<number>`count(*)::int`;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  deps = await createTestDeps();
  result = await seedLargeCompany(deps.database, {
    name: 'ベンチ株式会社',
    members: 500,
    documents: 2000,
    chunk: 700,
  });
}, 120_000);
afterAll(() => deps.cleanup());

describe('large company seed', () => {
  it('creates exactly the members and documents asked for', async () => {
    const db = deps.database.db;
    const cid = result.companyId;
    expect(result).toMatchObject({ members: 500, documents: 2000 });
    expect((await db.select({ n }).from(s.users).where(eq(s.users.companyId, cid)))[0]!.n).toBe(
      500,
    );
    expect(
      (await db.select({ n }).from(s.documents).where(eq(s.documents.companyId, cid)))[0]!.n,
    ).toBe(2000);
    // Participants: 1–3 per document, by row number (i % 3 + 1).
    expect(result.participants).toBe(4001);
    expect(
      (
        await db
          .select({ n })
          .from(s.memberGroups)
          .where(and(eq(s.memberGroups.companyId, cid), eq(s.memberGroups.type, 1)))
      )[0]!.n,
    ).toBe(1);
    expect(
      (
        await db
          .select({ n })
          .from(s.cabinets)
          .where(and(eq(s.cabinets.companyId, cid), eq(s.cabinets.type, 1)))
      )[0]!.n,
    ).toBe(1);
    const [company] = await db.select().from(s.companies).where(eq(s.companies.id, cid));
    expect(company).toMatchObject({ name: 'ベンチ株式会社', plan: 'enterprise' });
  });

  it('has a company admin and unique, well-formed ids and emails', async () => {
    const db = deps.database.db;
    const [admin] = await db.select().from(s.users).where(eq(s.users.email, result.adminEmail));
    expect(admin!.roles).toEqual(['CompanyAdmin']);
    expect(admin!.status).toBe(1);
    const users = await db
      .select({ id: s.users.id, email: s.users.email })
      .from(s.users)
      .where(eq(s.users.companyId, result.companyId));
    expect(new Set(users.map((u) => u.email)).size).toBe(500);
    for (const u of users.slice(0, 50)) expect(u.id).toMatch(UUID_V4);
  });

  it('computes search text in SQL exactly as the application does', async () => {
    const db = deps.database.db;
    const members = await db
      .select()
      .from(s.users)
      .where(eq(s.users.companyId, result.companyId))
      .limit(100);
    for (const m of members) expect(m.searchText).toBe(memberSearchText(m));
    const docs = await db
      .select()
      .from(s.documents)
      .where(eq(s.documents.companyId, result.companyId))
      .limit(200);
    const parts = await db
      .select()
      .from(s.documentParticipants)
      .where(
        inArray(
          s.documentParticipants.documentId,
          docs.map((d) => d.id),
        ),
      )
      .orderBy(s.documentParticipants.position);
    for (const d of docs) {
      expect(d.id).toMatch(UUID_V4);
      const own = parts.filter((p) => p.documentId === d.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(d.searchText).toBe(documentSearchText({ ...d, participants: own }));
    }
    // Every status of docs/design.md §2 but templates is present.
    const statuses = await db
      .selectDistinct({ status: s.documents.status })
      .from(s.documents)
      .where(eq(s.documents.companyId, result.companyId));
    expect(statuses.map((r) => r.status).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 13]);
  });

  it('refuses nonsense counts with a Japanese message', async () => {
    await expect(
      seedLargeCompany(deps.database, { name: 'x', members: 0, documents: 1 }),
    ).rejects.toThrow('メンバー数は1以上の整数で指定してください。');
  });
});
