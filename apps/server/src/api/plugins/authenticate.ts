import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

import { createAccessTokenVerifier } from '../../auth/access-token.ts';
import { findSessionUser, toAuthContext, type AuthContext } from '../../auth/current-user.ts';
import { touchSession } from '../../auth/sessions.ts';
import type { AppDeps } from '../../deps.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route that is not marked `config: { isPublic: true }`. */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    isPublic?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * Bearer authentication for every api route (docs/design.md §1): the JWT is verified against the site's keys,
 * then its session and user are looked up, so logout, deletion or demotion take effect on the next call.
 */
export const authenticate = fp<{ deps: AppDeps }>(async (app, { deps }) => {
  const verify = createAccessTokenVerifier(deps.keys, {
    issuer: deps.env.SITE_URL,
    audience: deps.env.API_URL,
  });
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config.isPublic || !request.routeOptions.url) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new AppError('unauthenticated');
    const claims = await verify(token, deps.clock());
    if (!claims)
      throw new AppError('unauthenticated', 'トークンが無効か、有効期限が切れています。');
    const now = deps.clock();
    const row = await findSessionUser(deps.database.db, claims, now);
    if (!row)
      throw new AppError(
        'unauthenticated',
        'セッションが終了しています。もう一度ログインしてください。',
      );
    // A call is use of the session (the idle timeout measures it): recorded at most once a minute.
    await touchSession(deps.database.db, { id: claims.sessionId, lastSeenAt: row.lastSeenAt }, now);
    request.auth = toAuthContext(row, claims.sessionId, requestOrigin(request));
  });
});
