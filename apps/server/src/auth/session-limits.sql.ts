/**
 * The idle timeout in SQL (companies.idle_timeout_minutes; modules/session-limits): the one condition the site's
 * session load, the api's session check, the refusal's reason and the settings preview share. `now` is a
 * timestamptz expression.
 */
import { and, gt, sql, type SQL } from 'drizzle-orm';
import { companies, sessions } from '../db/schema.ts';

/** The session was used within its company's idle timeout (always true without one). */
export const usedWithinIdleTimeout = (now: SQL) =>
  sql<boolean>`(${companies.idleTimeoutMinutes} is null or ${sessions.lastSeenAt} > ${now} - make_interval(mins => ${companies.idleTimeoutMinutes}))`;

/** The session has gone unused longer than its company's idle timeout. */
export const idleCutoffPassed = (now: SQL) =>
  sql<boolean>`(${companies.idleTimeoutMinutes} is not null and ${sessions.lastSeenAt} <= ${now} - make_interval(mins => ${companies.idleTimeoutMinutes}))`;

/**
 * A session that still lets its member in at `now`: not expired and used within the idle timeout. The one
 * definition the session load and the member's own session list share; needs sessions joined to users and
 * companies.
 */
export const sessionIsLive = (now: Date) =>
  and(gt(sessions.expiresAt, now), usedWithinIdleTimeout(sql`${now.toISOString()}::timestamptz`))!;
