/**
 * 最終ログイン日時 in member queries: its sort key and the clean-up filters 「90日以上ログインしていない」 and
 * 「一度もログインしていない」. One rule for the member list and for the export of its set (member-bulk), so a
 * filtered list and its file hold the same members.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TMemberSignInFilter } from '@cloudsign/contract';

const INACTIVE_DAYS = 90;

/**
 * 「90日以上ログインしていない」's bound, cut to the minute: the list's caches (keyed by the filter) serve a
 * minute of requests rather than none, and a member crosses the bound at most a minute late.
 */
export function inactiveBefore(now: Date): Date {
  const at = new Date(now.getTime() - INACTIVE_DAYS * 24 * 60 * 60 * 1000);
  at.setUTCSeconds(0, 0);
  return at;
}

/**
 * The last sign-in as users_company_last_sign_in_idx holds it (migration 0038): never = -infinity, so sorting
 * and keyset bounds need no null case, and 「未ログイン」 sort before every date.
 */
export const lastSignInKey = (table = 'users'): SQL =>
  sql`coalesce(${sql.identifier(table)}.last_sign_in_at, '-infinity'::timestamptz)`;

/**
 * 'never': no completed sign-in. 'inactive90': the last sign-in, or the account's creation when there was none,
 * before `before` — an account invited yesterday is not yet inactive. Both read the indexes of migration 0038.
 */
export function signInCondition(
  filter: TMemberSignInFilter | undefined,
  before: Date | undefined,
  table = 'users',
): SQL | undefined {
  const t = sql.identifier(table);
  if (filter === 'never') return sql`${lastSignInKey(table)} = '-infinity'::timestamptz`;
  if (filter === 'inactive90')
    return sql`coalesce(${t}.last_sign_in_at, ${t}.created_at) < ${(before ?? new Date(0)).toISOString()}::timestamptz`;
  return undefined;
}
