/**
 * Sign-in limits (docs/design.md §1, docs/decisions.md "Login limits"), counted in the database so they hold
 * across site instances. Failures are counted over a day; the first few are free, then each further one
 * doubles the wait after the latest failure (30 s, 1 min, 2 min … capped at 15 min). This slows guessing
 * from unknown browsers exponentially — about one guess per 15 minutes per account once capped — while:
 *
 * - a **known device** (a browser that signed in to the account before, auth/known-devices.ts) is counted by
 *   its own failures only: an attacker's failures, on the account or from the same office IP, never block
 *   the owner's correct login from his own browser;
 * - an unknown browser is counted per account and per IP (an office behind one NAT shares the IP limit, but
 *   its members' known browsers do not).
 *
 * Blocked attempts are not recorded, so a blocked caller cannot push the wait forward.
 */
import type { DbOrTx } from '../db/client.ts';
import * as repo from './login-throttle.repository.ts';

export const FAILURE_WINDOW_MS = 24 * 3600 * 1000;
export const FREE_FAILURES_PER_ACCOUNT = 5;
export const FREE_FAILURES_PER_IP = 20;
export const FREE_FAILURES_PER_DEVICE = 5;
export const FIRST_DELAY_MS = 30 * 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;

/** `device`: the known device the attempt comes from (hash), or null for a browser unknown to the account. */
export type ThrottleKey = { email: string; ip: string; device: string | null };

/** The wait after `failures` failures: none while free, then doubling from FIRST_DELAY_MS up to MAX_DELAY_MS. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(failures - free, 30), MAX_DELAY_MS);
}

type Scope = repo.AttemptScope & { free: number };

function scopesOf(key: ThrottleKey): Scope[] {
  if (key.device) return [{ by: 'device', value: key.device, free: FREE_FAILURES_PER_DEVICE }];
  return [
    { by: 'email', value: key.email, free: FREE_FAILURES_PER_ACCOUNT },
    { by: 'ip', value: key.ip, free: FREE_FAILURES_PER_IP },
  ];
}

type Block = { wait: number; since: Date | null };

/** The scope's wait and the failure it counts from (when the wait began). */
async function blockOf(db: DbOrTx, scope: Scope, now: Date, exceptId?: string): Promise<Block> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const { n, last } = await repo.countAttempts(db, scope, since, exceptId);
  const delay = delayAfter(n, scope.free);
  if (delay === 0 || !last) return { wait: 0, since: null };
  const left = last.getTime() + delay - now.getTime();
  return left > 0 ? { wait: Math.ceil(left / 1000), since: last } : { wait: 0, since: null };
}

/** The longest wait of the key's scopes, and when it began (null when free). */
async function longestBlock(
  db: DbOrTx,
  key: ThrottleKey,
  now: Date,
  exceptId?: string,
): Promise<Block> {
  const blocks = await Promise.all(scopesOf(key).map((s) => blockOf(db, s, now, exceptId)));
  return blocks.reduce((a, b) => (b.wait > a.wait ? b : a), { wait: 0, since: null });
}

export async function loginBlockedFor(
  db: DbOrTx,
  key: ThrottleKey,
  now: Date,
  exceptId?: string,
): Promise<number> {
  return (await longestBlock(db, key, now, exceptId)).wait;
}

/**
 * Counts an attempt as a failure *before* its password or code is checked, so a burst of simultaneous
 * guesses cannot all pass the check before any is recorded: the row goes in first, then the wait is
 * counted from every other visible row. However requests interleave, a request passes only if the rows
 * inserted before its own check allow it, so no more than the free failures get through at once. Past it,
 * the row is taken back and the caller waits. A success releases or clears the row.
 */
export async function reserveLoginAttempt(
  db: DbOrTx,
  key: ThrottleKey,
  now: Date,
): Promise<{ attemptId: string; wait: 0 } | { wait: number; since: Date | null }> {
  const block = await longestBlock(db, key, now);
  if (block.wait > 0) return block;
  const attemptId = await repo.insertAttempt(db, { ...key, createdAt: now });
  const raced = await longestBlock(db, key, now, attemptId);
  if (raced.wait === 0) {
    // Housekeeping on the write path keeps the table small without a scheduled job.
    await repo.deleteAttemptsBefore(db, new Date(now.getTime() - 2 * FAILURE_WINDOW_MS));
    return { attemptId, wait: 0 };
  }
  await releaseLoginAttempt(db, attemptId);
  return raced;
}

/** Takes back a reserved attempt that succeeded (a second factor: the account's other failures stay). */
export async function releaseLoginAttempt(db: DbOrTx, attemptId: string) {
  await repo.deleteAttempt(db, attemptId);
}

/**
 * After a successful login, the failures this caller made on the account are forgiven: those of the same
 * known device, or of the same IP from unknown browsers. Failures from elsewhere stay, so the owner signing
 * in does not reset an attacker's wait (and an attacker's own account never resets an IP's count).
 */
export async function clearOwnFailures(db: DbOrTx, key: ThrottleKey) {
  await repo.deleteOwnAttempts(db, key);
}

/** "30秒後" / "15分後": when the caller may try again, in words. */
export function retryAfterText(seconds: number): string {
  return seconds < 60 ? `${seconds}秒後` : `${Math.ceil(seconds / 60)}分後`;
}
