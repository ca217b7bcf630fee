/** A company with every role of the cabinet permission matrix, and a second company (tests only). */
import { and, eq } from 'drizzle-orm';
import {
  cabinetAdmins,
  cabinetMemberGroups,
  cabinets,
  memberGroups,
  memberGroupUsers,
} from '../../src/db/schema.ts';
import { makeCompany, makeUser, signIn } from './fixtures.ts';
import type { TestDeps } from './test-deps.ts';

export async function makeWorld(deps: TestDeps) {
  const db = deps.database.db;
  const company = await makeCompany(deps, { name: '株式会社テスト' });
  const admin = await makeUser(deps, company.id, {
    name: '管理 花子',
    email: `admin-${company.id}@example.test`,
    roles: ['CompanyAdmin'],
  });
  const cabAdmin = await makeUser(deps, company.id, {
    name: 'キャビ 管理',
    email: `cabadmin-${company.id}@example.test`,
  });
  const reader = await makeUser(deps, company.id, {
    name: '閲覧 太郎',
    email: `reader-${company.id}@example.test`,
  });
  const outsider = await makeUser(deps, company.id, {
    name: '無関係 次郎',
    email: `outsider-${company.id}@example.test`,
  });
  const [everyone] = await db
    .select()
    .from(memberGroups)
    .where(and(eq(memberGroups.companyId, company.id), eq(memberGroups.type, 1)));
  const [sales] = await db
    .insert(memberGroups)
    .values({ companyId: company.id, name: '営業部' })
    .returning();
  const [legal] = await db
    .insert(memberGroups)
    .values({ companyId: company.id, name: '法務部' })
    .returning();
  await db.insert(memberGroupUsers).values({ groupId: sales!.id, userId: reader.id });
  const [system] = await db
    .select()
    .from(cabinets)
    .where(and(eq(cabinets.companyId, company.id), eq(cabinets.type, 1)));
  const [contracts] = await db
    .insert(cabinets)
    .values({ companyId: company.id, name: '営業契約', note: '営業部の契約書' })
    .returning();
  const [hr] = await db
    .insert(cabinets)
    .values({ companyId: company.id, name: '人事' })
    .returning();
  await db.insert(cabinetAdmins).values({ cabinetId: contracts!.id, userId: cabAdmin.id });
  await db.insert(cabinetMemberGroups).values({ cabinetId: contracts!.id, groupId: sales!.id });

  const other = await makeCompany(deps, { name: '他社株式会社' });
  const otherAdmin = await makeUser(deps, other.id, { roles: ['CompanyAdmin'] });
  const [otherGroup] = await db
    .insert(memberGroups)
    .values({ companyId: other.id, name: '他社グループ' })
    .returning();
  const [otherCabinet] = await db
    .insert(cabinets)
    .values({ companyId: other.id, name: '他社キャビネット' })
    .returning();

  const h = async (u: { id: string; companyId: string }) => (await signIn(deps, u)).headers;
  return {
    company,
    users: { admin, cabAdmin, reader, outsider },
    groups: { everyone: everyone!, sales: sales!, legal: legal! },
    cabinets: { system: system!, contracts: contracts!, hr: hr! },
    other: { company: other, admin: otherAdmin, group: otherGroup!, cabinet: otherCabinet! },
    headers: {
      admin: await h(admin),
      cabAdmin: await h(cabAdmin),
      reader: await h(reader),
      outsider: await h(outsider),
      otherAdmin: await h(otherAdmin),
    },
  };
}

export type World = Awaited<ReturnType<typeof makeWorld>>;

export { errorOf } from './error-body.ts';
