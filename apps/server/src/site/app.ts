import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { installErrorHandling } from '../lib/http/error-handler.ts';
import { genReqId, installRequestId } from '../lib/http/request-id.ts';

// Being built (issue 2, site): login, sessions, token, logout, JWKS, password setup, SPA hosting.
export async function buildSiteApp(deps: AppDeps): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = deps.logger.child({ role: 'site' });
  const app = Fastify({ loggerInstance, genReqId });
  installRequestId(app);
  installErrorHandling(app);
  return app;
}
