/** Session limits' SQL: the company's two limits, the sessions a change would end, and their expiry. */
import { and, count, countDistinct, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, sessions, users } from '../../db/schema.ts';
import { usedWithinIdleTimeout } from '../../auth/session-limits.sql.ts';
import { memberReadingOrder } from '../members/member-list.sql.ts';

export type LimitsRow = {
  id: string;
  idleTimeoutMinutes: number | null;
  sessionMaxHours: number;
  sessionLimitsVersion: number;
};

export async function findLimits(
  db: DbOrTx,
  companyId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<LimitsRow | null> {
  const q = db
    .select({
      id: companies.id,
      idleTimeoutMinutes: companies.idleTimeoutMinutes,
      sessionMaxHours: companies.sessionMaxHours,
      sessionLimitsVersion: companies.sessionLimitsVersion,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const [row] = await (opts.forUpdate ? q.for('update') : q);
  return row ?? null;
}

export async function updateLimits(
  db: DbOrTx,
  companyId: string,
  values: Pick<LimitsRow, 'idleTimeoutMinutes' | 'sessionMaxHours' | 'sessionLimitsVersion'>,
) {
  await db.update(companies).set(values).where(eq(companies.id, companyId));
}

/**
 * The company's sessions live now (not past their expiry nor idle under the current limit) that the new
 * limits would end: unused for the new idle timeout, or started longer ago than the new length.
 */
function endedBy(
  companyId: string,
  limits: Omit<LimitsRow, 'id' | 'sessionLimitsVersion'>,
  now: Date,
) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const tooOld = sql`${sessions.createdAt} + make_interval(hours => ${limits.sessionMaxHours}) <= ${at}`;
  const idle: SQL =
    limits.idleTimeoutMinutes === null
      ? sql`false`
      : sql`${sessions.lastSeenAt} <= ${at} - make_interval(mins => ${limits.idleTimeoutMinutes})`;
  return and(
    eq(users.companyId, companyId),
    gt(sessions.expiresAt, now),
    usedWithinIdleTimeout(at),
    sql`(${tooOld} or ${idle})`,
  );
}

export const PREVIEW_MEMBERS = 100;

export async function sessionsEndedBy(
  db: DbOrTx,
  companyId: string,
  limits: Omit<LimitsRow, 'id' | 'sessionLimitsVersion'>,
  now: Date,
  ownSessionId: string,
) {
  const where = endedBy(companyId, limits, now);
  const [totals] = await db
    .select({
      sessions: count(),
      members: countDistinct(sessions.userId),
      includesYou: sql<boolean>`coalesce(bool_or(${sessions.id} = ${ownSessionId}), false)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where);
  const members = await db
    .select({ id: users.id, name: users.name, email: users.email, sessions: count() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .groupBy(users.id)
    .orderBy(memberReadingOrder())
    .limit(PREVIEW_MEMBERS);
  return {
    sessions: totals?.sessions ?? 0,
    memberCount: totals?.members ?? 0,
    includesYou: Boolean(totals?.includesYou),
    members,
  };
}

/**
 * The length is the one source of every session's expiry: live sessions of the company end at their sign-in
 * plus the new length (sooner or later than before), in the transaction that saves it.
 */
export async function reexpireSessions(db: DbOrTx, companyId: string, hours: number, now: Date) {
  const ofCompany = db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  await db
    .update(sessions)
    .set({ expiresAt: sql`${sessions.createdAt} + make_interval(hours => ${hours})` })
    .where(and(inArray(sessions.userId, ofCompany), gt(sessions.expiresAt, now)));
}
