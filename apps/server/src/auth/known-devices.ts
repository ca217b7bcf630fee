/**
 * Known devices (docs/design.md §1 login limits; docs/decisions.md): a browser that signed in to an account
 * before carries an HttpOnly cookie with a random 256-bit value, stored only as its SHA-256 per member, so
 * it cannot be forged or read from a database leak. Such a browser is not slowed down by failures from
 * elsewhere — an attacker guessing a victim's password cannot lock the victim out — and is limited by its
 * own failures only. It never replaces the password or the second factor.
 */
import type { DbOrTx } from '../db/client.ts';
import * as repo from './known-devices.repository.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

/** The cookie's name on plain http (local development and tests only). */
export const DEVICE_COOKIE = 'cs_device';
/**
 * On https: `__Host-` makes browsers accept the cookie only with Secure, Path=/ and no Domain, so a sibling
 * subdomain or a plain-http page cannot set (plant) it for the site. Browsers refuse a `__Host-` cookie
 * without Secure, and some (Safari) refuse Secure cookies from http://localhost, so plain http keeps the
 * plain name (docs/decisions.md "Known devices").
 */
export const DEVICE_COOKIE_HTTPS = '__Host-cs_device';
export const deviceCookieName = (siteUrl: string) =>
  siteUrl.startsWith('https:') ? DEVICE_COOKIE_HTTPS : DEVICE_COOKIE;
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
  return (await repo.isKnownDevice(db, device, userId)) ? device : null;
}

/**
 * After a successful sign-in: a fresh value becomes known to the member and is returned for the cookie. The
 * value the browser brought is never adopted (a value planted in the browser beforehand would otherwise
 * become the attacker's known device on the victim's account); if it was the member's, it is forgotten, so
 * a copy taken earlier stops counting.
 */
export async function rememberDevice(
  db: DbOrTx,
  previousCookie: string | undefined,
  userId: string,
  now: Date,
): Promise<string> {
  if (isDeviceCookie(previousCookie))
    await repo.deleteDevice(db, hashToken(previousCookie), userId);
  const value = newOpaqueToken();
  await repo.upsertDevice(db, hashToken(value), userId, now);
  return value;
}

/** Forgets the members' devices (email or password changed), except the one in use when given. */
export async function forgetDevices(db: DbOrTx, userIds: readonly string[], keepCookie?: string) {
  if (userIds.length === 0) return;
  await repo.deleteDevicesOf(
    db,
    userIds,
    isDeviceCookie(keepCookie) ? hashToken(keepCookie) : null,
  );
}
