/** The only SQL of single sign-on: settings, sent requests, consumed assertions, members it signs in. */
import { and, arrayContains, count, eq, gt, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  memberGroupUsers,
  memberGroups,
  ssoConsumedAssertions,
  ssoRequests,
  ssoSettings,
  users,
} from '../../db/schema.ts';
import { memberSearchText } from '../../lib/search-text.ts';

export type SsoSettingsRow = typeof ssoSettings.$inferSelect;
export type SsoRequestRow = typeof ssoRequests.$inferSelect;

export async function findCompany(db: DbOrTx, companyId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

export async function findSettings(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(ssoSettings)
    .where(eq(ssoSettings.companyId, companyId))
    .limit(1);
  return row ?? null;
}

/** Serialises changes of one company's SSO settings (the row may not exist yet, so no row lock). */
export async function lockSettings(db: DbOrTx, companyId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sso_settings:${companyId}`}))`);
}

export async function saveSettings(
  db: DbOrTx,
  row: typeof ssoSettings.$inferInsert,
  now: Date,
): Promise<void> {
  const { companyId: _, ...set } = row;
  await db
    .insert(ssoSettings)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: ssoSettings.companyId, set: { ...set, updatedAt: now } });
}

export async function setEnabled(db: DbOrTx, companyId: string, enabled: boolean) {
  await db
    .update(companies)
    .set({ isEnabledFederatedIdentity: enabled })
    .where(eq(companies.id, companyId));
}

/** Of `ids`, the company's members who are company admins (status valid or password reset pending). */
export async function companyAdminsAmong(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(users.id, ids),
        arrayContains(users.roles, ['CompanyAdmin']),
      ),
    );
}

export async function countMembersExcept(db: DbOrTx, companyId: string, exceptIds: string[]) {
  const where = exceptIds.length
    ? and(eq(users.companyId, companyId), notInArray(users.id, exceptIds))
    : eq(users.companyId, companyId);
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return row?.n ?? 0;
}

export async function userGroupsAmong(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: memberGroups.id })
    .from(memberGroups)
    .where(
      and(
        eq(memberGroups.companyId, companyId),
        inArray(memberGroups.id, ids),
        eq(memberGroups.type, 0),
      ),
    );
}

/** Each browser has at most one request in flight; a new one replaces it. Expired rows go on the way. */
export async function saveRequest(db: DbOrTx, row: typeof ssoRequests.$inferInsert, now: Date) {
  await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, now));
  await db
    .insert(ssoRequests)
    .values(row)
    .onConflictDoUpdate({ target: ssoRequests.browser, set: { ...row } });
}

/** The browser's live request, removed as it is read: one response per request. */
export async function takeRequest(db: DbOrTx, browser: string, companyId: string, now: Date) {
  const [row] = await db
    .delete(ssoRequests)
    .where(
      and(
        eq(ssoRequests.browser, browser),
        eq(ssoRequests.companyId, companyId),
        gt(ssoRequests.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** True the first time an assertion id is seen for the company; false on any replay. */
export async function consumeAssertion(
  db: DbOrTx,
  companyId: string,
  assertionId: string,
  expiresAt: Date,
  now: Date,
) {
  await db.delete(ssoConsumedAssertions).where(lt(ssoConsumedAssertions.expiresAt, now));
  const rows = await db
    .insert(ssoConsumedAssertions)
    .values({ companyId, assertionId, expiresAt })
    .onConflictDoNothing()
    .returning();
  return rows.length === 1;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** A member created on first sign-in through the IdP: valid at once, no password. */
export async function createJitMember(
  db: DbOrTx,
  m: { companyId: string; email: string; name: string; organization: string; groupIds: string[] },
  now: Date,
) {
  const [user] = await db
    .insert(users)
    .values({
      companyId: m.companyId,
      email: m.email,
      name: m.name,
      organization: m.organization,
      status: 1,
      source: 'sso',
      searchText: memberSearchText(m),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (m.groupIds.length)
    await db
      .insert(memberGroupUsers)
      .values(m.groupIds.map((groupId) => ({ groupId, userId: user!.id })))
      .onConflictDoNothing();
  return user!;
}
