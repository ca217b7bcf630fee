/** IP restriction SQL: the company's row, its version, and the sign-ins the impact preview reads. */
import { and, arrayContains, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, ipRestrictions, users } from '../../db/schema.ts';

export type IpRestrictionRow = typeof ipRestrictions.$inferSelect;

export async function selectRestriction(
  db: DbOrTx,
  companyId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<IpRestrictionRow | null> {
  const q = db.select().from(ipRestrictions).where(eq(ipRestrictions.companyId, companyId));
  const [row] = await (opts.forUpdate ? q.for('update') : q);
  return row ?? null;
}

/** The version alone: what every process polls to know whether its cached copy is still the company's. */
export async function selectVersion(db: DbOrTx, companyId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: ipRestrictions.version })
    .from(ipRestrictions)
    .where(eq(ipRestrictions.companyId, companyId));
  return row?.version ?? null;
}

/** Saves the scopes as the next version; the caller holds the row (or its absence) under the company lock. */
export async function saveRestriction(
  db: DbOrTx,
  companyId: string,
  scopes: unknown,
  version: number,
  now: Date,
) {
  await db
    .insert(ipRestrictions)
    .values({ companyId, scopes, version, updatedAt: now })
    .onConflictDoUpdate({
      target: ipRestrictions.companyId,
      set: { scopes, version, updatedAt: now },
    });
}

/** Each member's sign-ins by address since `since` (auth.signIn events carry the address after TRUSTED_PROXIES). */
export function signInsByAddress(db: DbOrTx, companyId: string, since: Date) {
  return db
    .select({
      userId: auditEvents.actorId,
      name: sql<string>`coalesce(${users.name}, max(${auditEvents.actorName}))`,
      email: sql<string>`coalesce(${users.email}, max(${auditEvents.actorEmail}))`,
      address: auditEvents.ip,
      lastAt: sql<Date>`max(${auditEvents.occurredAt})`.mapWith((v: string | Date) => new Date(v)),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(auditEvents)
    .leftJoin(users, and(eq(users.id, auditEvents.actorId), eq(users.companyId, companyId)))
    .where(
      and(
        eq(auditEvents.companyId, companyId),
        eq(auditEvents.action, 'auth.signIn'),
        gte(auditEvents.occurredAt, since),
      ),
    )
    .groupBy(auditEvents.actorId, users.name, users.email, auditEvents.ip);
}

/** The member, when he is still an active (or invited) company admin of the company. */
export async function selectActiveAdmin(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.companyId, companyId),
        arrayContains(users.roles, ['CompanyAdmin']),
        inArray(users.status, [1, 2]),
      ),
    );
  return row ?? null;
}

/** The company of a member (a lift link names only the admin). */
export async function selectCompanyOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.companyId ?? null;
}
