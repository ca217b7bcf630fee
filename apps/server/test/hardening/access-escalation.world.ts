/**
 * The one-company world of the access-escalation property test: four members, four groups (the system group
 * 「すべてのメンバー」 among them), four user cabinets with admins and group grants, and documents filed in
 * some of them. The model keeps only what the test must predict: group memberships (fixed) and the rules a
 * company admin set, so a newly concluded document's filing can be checked exactly.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  cabinetAdmins,
  cabinetMemberGroups,
  cabinets,
  memberGroups,
  memberGroupUsers,
} from '../../src/db/schema.ts';
import { queryRows } from '../../src/db/query-rows.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../support/fixtures.ts';
import type { TestDeps } from '../support/test-deps.ts';

export const MEMBERS = 4;

export async function makeEscalationWorld(deps: TestDeps) {
  const db = deps.database.db;
  const company = await makeCompany(deps, { name: '株式会社権限テスト' });
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  const members: Awaited<ReturnType<typeof makeUser>>[] = [];
  for (let i = 0; i < MEMBERS; i += 1)
    members.push(await makeUser(deps, company.id, { name: `メンバー ${i}` }));
  const [everyone] = await db
    .select()
    .from(memberGroups)
    .where(and(eq(memberGroups.companyId, company.id), eq(memberGroups.type, 1)));
  const [system] = await db
    .select()
    .from(cabinets)
    .where(and(eq(cabinets.companyId, company.id), eq(cabinets.type, 1)));
  const groups = [everyone!];
  for (const name of ['営業部', '法務部', '経理部']) {
    groups.push(
      (await db.insert(memberGroups).values({ companyId: company.id, name }).returning())[0]!,
    );
  }
  // Group g (1–3) holds members g-1 and g: member 3 only 経理部, member 0 only 営業部.
  const groupMembers: number[][] = [
    [0, 1, 2, 3],
    [0, 1],
    [1, 2],
    [2, 3],
  ];
  for (let g = 1; g < groups.length; g += 1) {
    await db
      .insert(memberGroupUsers)
      .values(groupMembers[g]!.map((m) => ({ groupId: groups[g]!.id, userId: members[m]!.id })));
  }
  const userCabinets: (typeof cabinets.$inferSelect)[] = [];
  for (const name of ['営業契約', '法務', '経理', '役員']) {
    userCabinets.push(
      (await db.insert(cabinets).values({ companyId: company.id, name }).returning())[0]!,
    );
  }
  // Admins: 営業契約 member 0, 法務 member 1 and 2, 経理 member 3, 役員 nobody. Reading: 営業契約 営業部, 法務 法務部,
  // 役員 nobody; 経理 経理部.
  const admins: [number, number][] = [
    [0, 0],
    [1, 1],
    [1, 2],
    [2, 3],
  ];
  await db
    .insert(cabinetAdmins)
    .values(admins.map(([c, m]) => ({ cabinetId: userCabinets[c]!.id, userId: members[m]!.id })));
  await db
    .insert(cabinetMemberGroups)
    .values([1, 2, 3].map((g) => ({ cabinetId: userCabinets[g - 1]!.id, groupId: groups[g]!.id })));
  const docIds: string[] = [];
  for (let d = 0; d < 10; d += 1) {
    // Documents 0–7 in one cabinet each (役員 included), 8 in two, 9 in none (only 「すべての書類」).
    const cabinetIds =
      d < 8 ? [userCabinets[d % 4]!.id] : d === 8 ? [userCabinets[0]!.id, userCabinets[3]!.id] : [];
    docIds.push(
      (
        await makeDocument(deps, company.id, {
          senderId: members[d % MEMBERS]!.id,
          status: 2,
          cabinetIds,
        })
      ).id,
    );
  }
  const headers = async (u: { id: string; companyId: string }) =>
    (await signIn(deps, u)).headers as Record<string, string>;
  const memberHeaders: Record<string, string>[] = [];
  for (const m of members) memberHeaders.push(await headers(m));
  // Cabinet index 0–3: user cabinets; 4: 「すべての書類」.
  const cabinetIds = [...userCabinets.map((c) => c.id), system!.id];
  const adminRules = new Map<string, Set<number>>();

  return {
    companyId: company.id,
    members,
    memberHeaders,
    adminHeaders: await headers(admin),
    groupIds: groups.map((g) => g.id),
    cabinetIds,
    docIds,
    seq: 0,
    /** A rule a company admin set (the API accepted it). */
    recordAdminRule(cabinetId: string, groupIdxs: number[]) {
      const set = adminRules.get(cabinetId) ?? new Set<number>();
      for (const g of groupIdxs) set.add(g);
      adminRules.set(cabinetId, set);
    },
    /** Cabinets a document concluded by member `sender` is filed in: those whose admin-set rules name a group of his. */
    expectedFiling(sender: number): string[] {
      return [...adminRules]
        .filter(([, gs]) => [...gs].some((g) => groupMembers[g]!.includes(sender)))
        .map(([c]) => c)
        .sort();
    },
  };
}

export type EscalationWorld = Awaited<ReturnType<typeof makeEscalationWorld>>;

/** The user cabinets a document is filed in, by id. */
export async function filedCabinets(deps: TestDeps, documentId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    deps.database.db,
    sql`select cabinet_id as id from document_cabinets where document_id = ${documentId} order by cabinet_id`,
  );
  return rows.map((r) => r.id);
}

/** Waits until no backfill of the company is queued or running, so its links count for the step that started it. */
export async function allBackfillsDone(deps: TestDeps, companyId: string) {
  for (let i = 0; i < 300; i += 1) {
    const [row] = await queryRows<{ n: number }>(
      deps.database.db,
      sql`select count(*)::int as n from cabinet_backfills where company_id = ${companyId} and state in ('queued', 'running')`,
    );
    if (row!.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('a backfill did not finish');
}
