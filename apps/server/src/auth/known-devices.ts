/**
 * Known devices (docs/design.md §1 login limits; docs/decisions.md): a browser that signed in to an account
 * before carries an HttpOnly cookie with a random 256-bit value, stored only as its SHA-256 per member, so
 * it cannot be forged or read from a database leak. Such a browser is not slowed down by failures from
 * elsewhere — an attacker guessing a victim's password cannot lock the victim out — and is limited by its
 * own failures only. It never replaces the password or the second factor.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { knownDevices } from '../db/schema.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export const DEVICE_COOKIE = 'cs_device';
export const DEVICE_TTL_MS = 180 * 24 * 3600 * 1000;

const isDeviceCookie = (v: string | undefined): v is string =>
  typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v);

/** The device (hash) when this browser's cookie is known to the member, else null. */
export async function knownDeviceOf(
  db: DbOrTx,
  cookie: string | undefined,
  userId: string | undefined,
): Promise<string | null> {
  if (!userId || !isDeviceCookie(cookie)) return null;
  const device = hashToken(cookie);
  const [row] = await db
    .select({ device: knownDevices.device })
    .from(knownDevices)
    .where(and(eq(knownDevices.device, device), eq(knownDevices.userId, userId)))
    .limit(1);
  return row ? device : null;
}

/** After a successful login: the browser's cookie (a new one if it has none) becomes known to the member. */
export async function rememberDevice(
  db: DbOrTx,
  cookie: string | undefined,
  userId: string,
  now: Date,
): Promise<string> {
  const value = isDeviceCookie(cookie) ? cookie : newOpaqueToken();
  await db
    .insert(knownDevices)
    .values({ device: hashToken(value), userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [knownDevices.device, knownDevices.userId],
      set: { lastUsedAt: now },
    });
  return value;
}

/** Forgets the members' devices (email or password changed), except the one in use when given. */
export async function forgetDevices(db: DbOrTx, userIds: readonly string[], keepCookie?: string) {
  if (userIds.length === 0) return;
  const ofUsers = inArray(knownDevices.userId, [...userIds]);
  const keep = isDeviceCookie(keepCookie) ? hashToken(keepCookie) : null;
  await db.delete(knownDevices).where(keep ? and(ofUsers, ne(knownDevices.device, keep)) : ofUsers);
}
