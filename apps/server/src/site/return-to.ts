/**
 * Where the site sends a browser ("a return_to may only point at our own origin"). Every target is
 * resolved against SITE_URL the way a browser would resolve it, and the RESULT is checked: the same origin as
 * SITE_URL, no user info, and a path that starts with exactly one `/`. Checking the input instead let
 * `/..//evil.example` through: it normalises to the path `//evil.example`, which a browser reads as another host.
 */
import type { FastifyReply } from 'fastify';
import type { NextStep } from '../auth/sessions.ts';

/** The console's root: it sends each member on to the first page they may see. */
export const LANDING_PATH = '/';
const MAX_LENGTH = 2048;

/** The target resolved on SITE_URL, or null when the result would leave the site. */
function resolveOnSite(value: unknown, siteUrl: string): URL | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  // No link of ours holds control characters; the parser would silently drop them, so refuse instead.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const base = new URL(siteUrl);
    const url = new URL(value, base);
    if (url.origin !== base.origin || url.username !== '' || url.password !== '') return null;
    if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * A return_to as the site's own path (kept in forms and `?return_to=` between the login steps); anything that
 * would not stay on SITE_URL becomes the landing page.
 */
export function safeReturnTo(value: unknown, siteUrl: string): string {
  const url = resolveOnSite(value, siteUrl);
  return url ? `${url.pathname}${url.search}${url.hash}` : LANDING_PATH;
}

/** The absolute URL on SITE_URL for a Location header or a link the site answers with. */
export function siteLocation(target: string, siteUrl: string): string {
  return (resolveOnSite(target, siteUrl) ?? new URL(LANDING_PATH, siteUrl)).href;
}

/** Every redirect of the site goes through here, so none can be built from an unchecked string. */
export const redirectOnSite = (reply: FastifyReply, siteUrl: string, target: string) =>
  reply.redirect(siteLocation(target, siteUrl), 303);

/** `?return_to=` for links between the login steps; omitted when it is just the root. */
export const returnToQuery = (returnTo: string) =>
  returnTo === LANDING_PATH ? '' : `?return_to=${encodeURIComponent(returnTo)}`;

/** Where the browser goes next for a session's remaining step. */
export function stepUrl(step: NextStep, returnTo: string): string {
  const q = returnToQuery(returnTo);
  switch (step) {
    case 'mfa_verify':
      return `/mfa/verify${q}`;
    case 'new_password':
      return `/login/new_password${q}`;
    case 'mfa_setup':
      return `/mfa/setup${q}`;
    case 'done':
      return returnTo;
  }
}
