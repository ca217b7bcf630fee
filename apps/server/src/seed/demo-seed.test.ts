import { readFileSync } from 'node:fs';
import argon2 from 'argon2';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoPdfText } from '../../test/support/pdf-text.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { documentSearchText, memberSearchText } from '../lib/search-text.ts';
import * as s from '../db/schema.ts';
import { seedIfEmpty } from './seed-if-empty.ts';
import { COMPANY_A_NAME, COMPANY_B_NAME } from './demo-companies.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-logins.ts';

let deps: TestDeps;
const count = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
const n = sql<number>`count(*)::int`;

beforeAll(async () => {
  deps = await createTestDeps();
  // Two processes starting at once on one database: exactly one seeds.
  await Promise.all([seedIfEmpty(deps), seedIfEmpty(deps)]);
}, 120_000);
afterAll(() => deps.cleanup());

const company = async (name: string) =>
  (await deps.database.db.select().from(s.companies).where(eq(s.companies.name, name)))[0]!;

describe('demo seed', () => {
  it('makes company A with about 200 members, 8 groups, 6 cabinets and 2,000 documents', async () => {
    const db = deps.database.db;
    const a = await company(COMPANY_A_NAME);
    expect(a).toMatchObject({
      plan: 'enterprise',
      documentApproval: 1,
      auditLog: true,
      documentImport: true,
      mfa: 1,
    });
    expect(await count(db.select({ n }).from(s.users).where(eq(s.users.companyId, a.id)))).toBe(
      200,
    );
    const groups = await db.select().from(s.memberGroups).where(eq(s.memberGroups.companyId, a.id));
    expect(groups).toHaveLength(8);
    expect(groups.filter((g) => g.type === 1).map((g) => g.name)).toEqual(['すべてのメンバー']);
    const cabinets = await db.select().from(s.cabinets).where(eq(s.cabinets.companyId, a.id));
    expect(cabinets).toHaveLength(6);
    expect(cabinets.filter((c) => c.type === 1).map((c) => c.name)).toEqual(['すべての書類']);
    expect(
      await count(db.select({ n }).from(s.documents).where(eq(s.documents.companyId, a.id))),
    ).toBe(2000);
    expect(
      await count(
        db
          .select({ n })
          .from(s.documentAttributeOptions)
          .where(eq(s.documentAttributeOptions.companyId, a.id)),
      ),
    ).toBe(4);
    expect(await count(db.select({ n }).from(s.cabinetClassificationRules))).toBeGreaterThan(0);
    // The system group and cabinet are implicit: no rows link to them.
    const sys = groups.find((g) => g.type === 1)!;
    expect(
      await count(
        db.select({ n }).from(s.memberGroupUsers).where(eq(s.memberGroupUsers.groupId, sys.id)),
      ),
    ).toBe(0);
    const statuses = await db
      .select({ status: s.users.status, n })
      .from(s.users)
      .where(eq(s.users.companyId, a.id))
      .groupBy(s.users.status);
    expect(statuses.map((r) => r.status).sort()).toEqual([0, 1, 2]);
  });

  it('gives every document a real PDF file and searchable text', async () => {
    const db = deps.database.db;
    const files = await db.select().from(s.documentFiles);
    expect(files).toHaveLength(2020);
    for (const f of [files[0]!, files[999]!, files[2019]!]) {
      const bytes = readFileSync(deps.storage.pathOf(f.storageKey));
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.subarray(-6).toString()).toMatch(/%%EOF\s*$/);
      expect(bytes.length).toBe(f.size);
      expect(f.name.endsWith('.pdf')).toBe(true);
      expect(f.contentType).toBe('application/pdf');
    }
    const [doc] = await db.select().from(s.documents).where(eq(s.documents.status, 2)).limit(1);
    const parts = await db
      .select()
      .from(s.documentParticipants)
      .where(eq(s.documentParticipants.documentId, doc!.id))
      .orderBy(s.documentParticipants.position);
    expect(parts.length).toBeGreaterThanOrEqual(1);
    expect(doc!.searchText).toBe(documentSearchText({ ...doc!, participants: parts }));
    // The PDF says in Japanese what the list says: both parties, the amount and the reference.
    const withAmount = (
      await db
        .select()
        .from(s.documents)
        .where(and(eq(s.documents.status, 2), sql`${s.documents.amount} is not null`))
        .limit(1)
    )[0]!;
    const [file] = await db
      .select()
      .from(s.documentFiles)
      .where(eq(s.documentFiles.documentId, withAmount.id));
    const { lines } = await readDemoPdfText(readFileSync(deps.storage.pathOf(file!.storageKey)));
    expect(lines.slice(1, 13)).toEqual([
      '甲',
      COMPANY_A_NAME,
      '乙',
      withAmount.counterparty,
      '取引金額',
      `${withAmount.amount!.toLocaleString('ja-JP')}円`,
      '契約締結日',
      withAmount.contractAt!.replace(/^(\d+)-0?(\d+)-0?(\d+)$/, '$1年$2月$3日'),
      '管理番号',
      withAmount.localId,
      '書類ID',
      withAmount.id,
    ]);
    expect(doc!.localId).toMatch(/^CT-\d{4}-\d{4}$/);
    const [m] = await db.select().from(s.users).limit(1);
    expect(m!.searchText).toBe(memberSearchText(m!));
  });

  it('creates the demo logins with their roles and the password "password"', async () => {
    const db = deps.database.db;
    const byEmail = async (email: string) =>
      (await db.select().from(s.users).where(eq(s.users.email, email)))[0]!;
    for (const l of DEMO_LOGINS) {
      const u = await byEmail(l.email);
      expect(u.status).toBe(1);
      expect(await argon2.verify(u.passwordHash!, DEMO_PASSWORD)).toBe(true);
    }
    const admin = await byEmail('admin@example.com');
    expect(admin.name).toBe('管理 太郎');
    expect(admin.roles).toContain('CompanyAdmin');
    const member = await byEmail('member@example.com');
    expect(member.name).toBe('一般 花子');
    expect(member.roles).toEqual([]);
    expect(
      await count(
        db.select({ n }).from(s.memberGroupUsers).where(eq(s.memberGroupUsers.userId, member.id)),
      ),
    ).toBe(1);
    expect(
      await count(
        db.select({ n }).from(s.cabinetAdmins).where(eq(s.cabinetAdmins.userId, member.id)),
      ),
    ).toBe(1);
    const other = await byEmail('admin@other.example.com');
    expect(other.roles).toEqual(['CompanyAdmin']);
    expect(other.companyId).toBe((await company(COMPANY_B_NAME)).id);
  });

  it('makes company B on the business plan with a handful of everything', async () => {
    const db = deps.database.db;
    const b = await company(COMPANY_B_NAME);
    expect(b.plan).toBe('business');
    expect(await count(db.select({ n }).from(s.users).where(eq(s.users.companyId, b.id)))).toBe(8);
    expect(
      await count(db.select({ n }).from(s.documents).where(eq(s.documents.companyId, b.id))),
    ).toBe(20);
    expect(
      await count(
        db
          .select({ n })
          .from(s.memberGroups)
          .where(and(eq(s.memberGroups.companyId, b.id), eq(s.memberGroups.type, 1))),
      ),
    ).toBe(1);
    expect(
      await count(
        db
          .select({ n })
          .from(s.cabinets)
          .where(and(eq(s.cabinets.companyId, b.id), eq(s.cabinets.type, 1))),
      ),
    ).toBe(1);
  });

  it('does nothing the second time', async () => {
    const db = deps.database.db;
    await seedIfEmpty(deps);
    expect(await count(db.select({ n }).from(s.companies))).toBe(2);
    expect(await count(db.select({ n }).from(s.documents))).toBe(2020);
    expect(await count(db.select({ n }).from(s.documentFiles))).toBe(2020);
  });

  it('gives company A four weeks of audit history, chained by the database, and B (log off) none', async () => {
    const db = deps.database.db;
    const a = await company(COMPANY_A_NAME);
    const b = await company(COMPANY_B_NAME);
    const events = await db
      .select()
      .from(s.auditEvents)
      .where(eq(s.auditEvents.companyId, a.id))
      .orderBy(s.auditEvents.seq);
    expect(events.length).toBeGreaterThan(200);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.every((e, i) => i === 0 || e.prevHash === events[i - 1]!.hash)).toBe(true);
    const days = (events.at(-1)!.occurredAt.getTime() - events[0]!.occurredAt.getTime()) / 864e5;
    expect(days).toBeGreaterThan(20);
    const member = events.find(
      (e) => e.action === 'member.updated' && e.targetName.includes('member@example.com'),
    );
    expect(member).toMatchObject({
      actorEmail: 'admin@example.com',
      details: { organization: { before: '営業部', after: '営業部 第一営業課' } },
    });
    expect(
      await count(db.select({ n }).from(s.auditEvents).where(eq(s.auditEvents.companyId, b.id))),
    ).toBe(0);
  });
});
