/** Company-settings SQL: the company row and the members a change would affect. */
import { and, arrayContains, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberReadingOrder } from '../members/member-list.sql.ts';
import { bulkManipulationRows, bulkManipulations, companies, users } from '../../db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;
/** The day's mail budget: the rules read it here, so a rule test's repository answers it too. */
export { remainingToday, reserveReminders } from '../../auth/mail-limits.ts';

export async function findCompany(
  db: DbOrTx,
  companyId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CompanyRow | null> {
  const q = db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  const [row] = await (opts.forUpdate ? q.for('update') : q);
  return row ?? null;
}

export async function updateCompany(
  db: DbOrTx,
  companyId: string,
  values: Partial<typeof companies.$inferInsert>,
) {
  await db.update(companies).set(values).where(eq(companies.id, companyId));
}

/** Members keep their own copy of the theme (member details show it): it follows the company's. */
export async function setMembersTheme(db: DbOrTx, companyId: string, theme: string) {
  await db
    .update(users)
    .set({ theme })
    .where(and(eq(users.companyId, companyId), sql`${users.theme} <> ${theme}`));
}

const memberColumns = { id: users.id, name: users.name, email: users.email };
export type AffectedRow = { id: string; name: string; email: string };

/** Members without a second factor (mfa 2 = disabled), in the member list's order. */
export function membersWithoutMfa(db: DbOrTx, companyId: string): Promise<AffectedRow[]> {
  return db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.mfa, 2)))
    .orderBy(memberReadingOrder());
}

export function membersWithRole(
  db: DbOrTx,
  companyId: string,
  role: string,
): Promise<AffectedRow[]> {
  return db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), arrayContains(users.roles, [role])))
    .orderBy(memberReadingOrder());
}

/** Members added by executed bulk runs whose invitation is not mailed yet (member-invitations.ts). */
export async function invitationsWaiting(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(bulkManipulationRows)
    .innerJoin(bulkManipulations, eq(bulkManipulations.id, bulkManipulationRows.manipulationId))
    .where(
      and(
        eq(bulkManipulations.companyId, companyId),
        eq(bulkManipulations.target, 'members'),
        eq(bulkManipulationRows.action, 'add'),
        eq(bulkManipulationRows.outcome, 'succeeded'),
        isNull(bulkManipulationRows.followUpAt),
      ),
    );
  return row?.n ?? 0;
}
