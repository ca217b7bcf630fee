/** A company with every role of the documents permission matrix, documents in cabinets, and another company. */
import { and, eq } from 'drizzle-orm';
import {
  cabinetAdmins,
  cabinetMemberGroups,
  cabinets,
  documentAttributeOptions,
  documentFiles,
  documentParticipants,
  memberGroups,
  memberGroupUsers,
} from '../../src/db/schema.ts';
import { makeCompany, makeDocument, makeUser, signIn } from './fixtures.ts';
import type { TestDeps } from './test-deps.ts';
import { documentSearchText } from '../../src/lib/search-text.ts';

export async function makeDocumentsWorld(deps: TestDeps) {
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
    roles: ['DocumentImporter'],
  });
  const reader = await makeUser(deps, company.id, {
    name: '閲覧 太郎',
    email: `reader-${company.id}@example.test`,
    roles: ['DocumentImporter'],
  });
  const outsider = await makeUser(deps, company.id, {
    name: '無関係 次郎',
    email: `outsider-${company.id}@example.test`,
  });
  const [sales] = await db
    .insert(memberGroups)
    .values({ companyId: company.id, name: '営業部' })
    .returning();
  await db.insert(memberGroupUsers).values({ groupId: sales!.id, userId: reader.id });
  const [system] = await db
    .select()
    .from(cabinets)
    .where(and(eq(cabinets.companyId, company.id), eq(cabinets.type, 1)));
  const [contracts] = await db
    .insert(cabinets)
    .values({ companyId: company.id, name: '営業契約' })
    .returning();
  const [hr] = await db
    .insert(cabinets)
    .values({ companyId: company.id, name: '人事' })
    .returning();
  await db.insert(cabinetAdmins).values({ cabinetId: contracts!.id, userId: cabAdmin.id });
  await db.insert(cabinetMemberGroups).values({ cabinetId: contracts!.id, groupId: sales!.id });
  const [optA] = await db
    .insert(documentAttributeOptions)
    .values({
      companyId: company.id,
      name: '部署',
      position: 0,
      isEnabled: true,
      isRequired: false,
    })
    .returning();
  const [optOff] = await db
    .insert(documentAttributeOptions)
    .values({
      companyId: company.id,
      name: '旧項目',
      position: 1,
      isEnabled: false,
      isRequired: false,
    })
    .returning();

  const other = await makeCompany(deps, { name: '他社株式会社' });
  const otherAdmin = await makeUser(deps, other.id, { roles: ['CompanyAdmin'] });
  const [otherCabinet] = await db
    .insert(cabinets)
    .values({ companyId: other.id, name: '他社キャビネット' })
    .returning();

  const h = async (u: { id: string; companyId: string }) => (await signIn(deps, u)).headers;
  return {
    company,
    users: { admin, cabAdmin, reader, outsider },
    groups: { sales: sales! },
    cabinets: { system: system!, contracts: contracts!, hr: hr! },
    options: { dept: optA!, off: optOff! },
    other: { company: other, admin: otherAdmin, cabinet: otherCabinet! },
    headers: {
      admin: await h(admin),
      cabAdmin: await h(cabAdmin),
      reader: await h(reader),
      outsider: await h(outsider),
      otherAdmin: await h(otherAdmin),
    },
  };
}
export type DocumentsWorld = Awaited<ReturnType<typeof makeDocumentsWorld>>;

/** A document with participants and one stored PDF file. */
export async function makeDocumentWithParts(
  deps: TestDeps,
  companyId: string,
  over: Parameters<typeof makeDocument>[2] & {
    participants?: { name: string; email: string; organization: string }[];
  } = {},
) {
  const { participants = [], ...rest } = over;
  const doc = await makeDocument(deps, companyId, rest);
  const db = deps.database.db;
  if (participants.length > 0) {
    await db
      .insert(documentParticipants)
      .values(participants.map((p, i) => ({ ...p, documentId: doc.id, position: i })));
    const { documents } = await import('../../src/db/schema.ts');
    await db
      .update(documents)
      .set({ searchText: documentSearchText({ ...doc, participants }) })
      .where(eq(documents.id, doc.id));
  }
  const storageKey = `documents/${crypto.randomUUID()}.pdf`;
  const bytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await deps.storage.write(storageKey, bytes);
  const [file] = await db
    .insert(documentFiles)
    .values({ documentId: doc.id, name: `${doc.title}.pdf`, size: bytes.length, storageKey })
    .returning();
  return { doc, file: file!, bytes };
}

export { errorOf } from './error-body.ts';
