/**
 * The api token the site mints for a browser's session: for the console's own GET /api/token/jwt and for the
 * first screen's reads, which go through the api as the browser would.
 */
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { nextStep, touchSession } from '../auth/sessions.ts';
import { currentSession } from './session-context.ts';

/**
 * An api token for the browser's session, or null when it has none or is part-way through login (second
 * factor, new password, MFA enrolment). The session counts as used.
 */
export async function accessTokenFor(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<string | null> {
  return (await sessionTokenFor(deps, request))?.jwt ?? null;
}

/** The token and when its session ends (the console words a later refusal by it). */
export async function sessionTokenFor(deps: AppDeps, request: FastifyRequest) {
  const loaded = await currentSession(deps, request);
  if (!loaded || nextStep(loaded) !== 'done') return null;
  const now = deps.clock();
  await touchSession(deps.database.db, loaded.session, now);
  const jwt = await signAccessToken(
    deps.keys,
    { issuer: deps.env.SITE_URL, audience: deps.env.API_URL },
    { userId: loaded.user.id, companyId: loaded.user.companyId, sessionId: loaded.session.id },
    now,
  );
  return { jwt, sessionExpiresAt: loaded.session.expiresAt.toISOString() };
}
