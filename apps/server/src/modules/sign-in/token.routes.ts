/**
 * The console's calls to the main site (spec §7): GET /api/token/jwt, POST /api/company/logout, and the
 * key set the api verifies tokens with.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_END_HEADER, meEndpoints as e } from '@cloudsign/contract';
import { routeAt } from '../../api/endpoint-route.ts';
import type { AppDeps } from '../../deps.ts';
import { sendError } from '../../lib/http/error-handler.ts';
import { createLogoutTokenVerifier } from '../../auth/logout-token.ts';
import { signOut } from './sign-in-audit.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import { sessionEndOf } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import { clearSessionCookie, currentSession, sessionCookie } from '../../site/session-context.ts';
import { isCrossSite } from '../../site/security.ts';
import { siteLocation } from '../../site/return-to.ts';
import { sessionTokenFor } from '../../site/session-token.ts';

const NO_SESSION =
  'ログインしていないか、ログインの有効期限が切れています。もう一度ログインしてください。';

/**
 * Sent by the console's own script: the custom header cannot be sent cross-origin without a CORS preflight the
 * site never grants, so a form or another site's page cannot send it with the member's cookie.
 */
const isConsoleScript = (request: FastifyRequest) =>
  request.headers['x-requested-with'] === 'XMLHttpRequest';

export async function tokenRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const aud = { issuer: deps.env.SITE_URL, audience: deps.env.API_URL };
  const verifyLogoutToken = createLogoutTokenVerifier(deps.keys, aud);

  app.route({
    ...routeAt(e.token),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The custom header cannot be sent cross-origin without a CORS preflight we never grant, so a page on
      // another site cannot mint tokens with the member's cookie; Origin/Sec-Fetch-Site close the rest.
      if (isCrossSite(request, deps.env.SITE_URL)) return sendError(request, reply, 'forbidden');
      if (!isConsoleScript(request)) return sendError(request, reply, 'forbidden');
      const token = await sessionTokenFor(deps, request);
      if (!token) {
        // The console sends the member to the login page with the reason a company limit ended it for.
        const end = await sessionEndOf(deps.database.db, sessionCookie(request), deps.clock());
        if (end) reply.header(SESSION_END_HEADER, end);
        return sendError(request, reply, 'forbidden', NO_SESSION);
      }
      return token;
    },
  });

  // No body schema, as before: the route checks the token itself and answers with its own message.
  app.route({
    ...routeAt(e.logout),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (isCrossSite(request, deps.env.SITE_URL)) return sendError(request, reply, 'forbidden');
      const token = (request.body as { token?: unknown } | null | undefined)?.token;
      const cookie = sessionCookie(request);
      let sessionId: string;
      if (token === undefined || token === null) {
        // Without a token (the site refuses to mint one for this session, which still logs in: the console's
        // ログアウト on its error page), the cookie alone ends the session, on the terms a token is minted
        // on: the custom header, which a form or another site's page cannot send (a cross-origin fetch with
        // it needs a CORS preflight the site never grants), so nobody can log a member out from elsewhere.
        if (!isConsoleScript(request)) return sendError(request, reply, 'forbidden');
        const loaded = await currentSession(deps, request);
        if (!loaded) return sendError(request, reply, 'forbidden', NO_SESSION);
        sessionId = loaded.session.id;
      } else {
        if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
          return sendError(request, reply, 'validation_failed', undefined, [
            { path: 'token', message: 'token を指定してください。' },
          ]);
        }
        const claims = await verifyLogoutToken(token);
        // The token proves the caller is the console holding this very session, not a page that can only
        // make the browser send the cookie.
        if (!cookie || !claims || claims.sessionId !== hashToken(cookie))
          return sendError(request, reply, 'forbidden');
        sessionId = claims.sessionId;
      }
      await signOut(deps.database.db, sessionId, 'auth.signOut', requestOrigin(request));
      clearSessionCookie(deps, reply);
      return { url: siteLocation('/login', deps.env.SITE_URL) };
    },
  });

  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return deps.keys.jwks;
  });
}
