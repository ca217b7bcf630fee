/** Cookie handling and "which login step is this browser at" for the site's routes. */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import {
  loadSession,
  nextStep,
  SESSION_COOKIE,
  type LoadedSession,
  type NextStep,
} from '../auth/sessions.ts';
import { deviceCookieName, DEVICE_TTL_MS } from '../auth/known-devices.ts';
import { redirectOnSite, returnToQuery, safeReturnTo, stepUrl } from './return-to.ts';

export function setSessionCookie(
  deps: AppDeps,
  reply: FastifyReply,
  cookie: string,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, cookie, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: deps.env.SITE_URL.startsWith('https:'),
    expires: expiresAt,
  });
}

export function clearSessionCookie(deps: AppDeps, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: deps.env.SITE_URL.startsWith('https:'),
  });
}

export const sessionCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[SESSION_COOKIE];

/** The browser's device cookie (known-devices.ts): HttpOnly, long-lived, sent only to the site. */
export function setDeviceCookie(deps: AppDeps, reply: FastifyReply, value: string) {
  reply.setCookie(deviceCookieName(deps.env.SITE_URL), value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: deps.env.SITE_URL.startsWith('https:'),
    expires: new Date(deps.clock().getTime() + DEVICE_TTL_MS),
  });
}

export const deviceCookie = (deps: AppDeps, request: FastifyRequest): string | undefined =>
  request.cookies[deviceCookieName(deps.env.SITE_URL)];

/**
 * The browser's session as this request found it, read once however many steps ask (the IP restriction's
 * hook, then the route: the token, a first screen). No step of one request changes the session and reads it
 * again; one that changes it sets a new cookie, which the next request reads.
 */
const loadedBy = new WeakMap<FastifyRequest, Promise<LoadedSession | null>>();

export function currentSession(deps: AppDeps, request: FastifyRequest) {
  let loaded = loadedBy.get(request);
  if (!loaded) {
    loaded = loadSession(deps.database.db, sessionCookie(request), deps.clock());
    loadedBy.set(request, loaded);
  }
  return loaded;
}

/** A form field as one bounded string (repeated fields and missing ones are tolerated, never trusted). */
export function formField(body: unknown, name: string, max = 1024): string {
  if (typeof body !== 'object' || body === null) return '';
  const v = (body as Record<string, unknown>)[name];
  const s: unknown = Array.isArray(v) ? (v as unknown[])[0] : v;
  return typeof s === 'string' ? s.slice(0, max) : '';
}

/** Whether a form sent the field at all (an empty input still sends its name). */
export function hasField(body: unknown, name: string): boolean {
  return typeof body === 'object' && body !== null && name in body;
}

export function returnToOf(deps: AppDeps, request: FastifyRequest): string {
  const fromBody = formField(request.body, 'return_to', 2048);
  const fromQuery = formField(request.query, 'return_to', 2048);
  return safeReturnTo(fromBody || fromQuery, deps.env.SITE_URL);
}

/**
 * Loads the session for a page of one login step. When the browser is at another step (or has no
 * session), the reply is already a redirect to the right place and null is returned.
 */
export async function sessionAtStep(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  expected: NextStep,
): Promise<LoadedSession | null> {
  const returnTo = returnToOf(deps, request);
  const loaded = await currentSession(deps, request);
  const step = loaded ? nextStep(loaded) : 'invalid';
  if (!loaded || step === 'invalid') {
    await redirectOnSite(reply, deps.env.SITE_URL, `/login${returnToQuery(returnTo)}`);
    return null;
  }
  if (step !== expected) {
    await redirectOnSite(reply, deps.env.SITE_URL, stepUrl(step, returnTo));
    return null;
  }
  return loaded;
}
