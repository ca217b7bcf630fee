/** Test data builders: a company, members with roles, and a signed-in session with its bearer token. */
import { createHash, randomBytes } from 'node:crypto';
import type { TPlan, TRole } from '@cloudsign/contract';
import {
  companies,
  memberGroups,
  cabinets,
  sessions,
  users,
  documents,
  documentCabinets,
} from '../../src/db/schema.ts';
import { signAccessToken } from '../../src/auth/access-token.ts';
import type { AppDeps } from '../../src/deps.ts';
import { documentSearchText, memberSearchText } from '../../src/lib/search-text.ts';

export async function makeCompany(
  deps: AppDeps,
  over: Partial<typeof companies.$inferInsert> & { plan?: TPlan } = {},
) {
  const [company] = await deps.database.db
    .insert(companies)
    .values({
      name: '株式会社テスト',
      plan: 'enterprise',
      documentImport: true,
      auditLog: true,
      documentApproval: 1,
      ...over,
    })
    .returning();
  // Every company has its system group and system cabinet (docs/design.md §2).
  await deps.database.db
    .insert(memberGroups)
    .values({ companyId: company!.id, name: 'すべてのメンバー', type: 1 });
  await deps.database.db
    .insert(cabinets)
    .values({ companyId: company!.id, name: 'すべての書類', type: 1 });
  return company!;
}

let seq = 0;
export async function makeUser(
  deps: AppDeps,
  companyId: string,
  over: Partial<typeof users.$inferInsert> & { roles?: TRole[] } = {},
) {
  seq += 1;
  const name = over.name ?? `テスト 太郎${seq}`;
  const email = over.email ?? `user${seq}-${randomBytes(3).toString('hex')}@example.test`;
  const organization = over.organization ?? '';
  const [user] = await deps.database.db
    .insert(users)
    .values({
      companyId,
      status: 1,
      ...over,
      name,
      email,
      organization,
      searchText: memberSearchText({ name, furigana: over.furigana, email, organization }),
    })
    .returning();
  return user!;
}

/** A live session for `user` and a valid bearer token bound to it. */
export async function signIn(
  deps: AppDeps,
  user: { id: string; companyId: string },
  now = deps.clock(),
) {
  const cookie = randomBytes(32).toString('base64url');
  const sessionId = createHash('sha256').update(cookie).digest('base64url');
  await deps.database.db.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    isMfaVerified: true,
    expiresAt: new Date(now.getTime() + 24 * 3600 * 1000),
  });
  const jwt = await signAccessToken(
    deps.keys,
    { issuer: deps.env.SITE_URL, audience: deps.env.API_URL },
    { userId: user.id, companyId: user.companyId, sessionId },
    now,
  );
  return { jwt, sessionId, cookie, headers: { authorization: `Bearer ${jwt}` } };
}

/**
 * A document row inserted directly (cabinets and documents tests), optionally linked to user cabinets.
 * Status defaults to 2 締結済; search_text is built like the documents area builds it.
 */
export async function makeDocument(
  deps: AppDeps,
  companyId: string,
  over: Partial<typeof documents.$inferInsert> & { cabinetIds?: string[] } = {},
) {
  const { cabinetIds = [], ...values } = over;
  const id = values.id ?? crypto.randomUUID();
  const title = values.title ?? `テスト契約書 ${id.slice(0, 8)}`;
  const [doc] = await deps.database.db
    .insert(documents)
    .values({
      status: 2,
      ...values,
      id,
      companyId,
      title,
      searchText: documentSearchText({
        id,
        title,
        attrTitle: values.attrTitle,
        counterparty: values.counterparty,
      }),
    })
    .returning();
  if (cabinetIds.length > 0) {
    await deps.database.db
      .insert(documentCabinets)
      .values(cabinetIds.map((cabinetId) => ({ cabinetId, documentId: id })));
  }
  return doc!;
}
