import fp from 'fastify-plugin';
import { QueryScope, runInQueryScope } from '../../db/query-scope.ts';

/**
 * Each API request runs in its own query scope: when its client goes away before the answer (a search left
 * by a navigation, a closed tab), the statements still running for it are cancelled in PostgreSQL and the
 * ones it would start next are refused, so the backends go back to the people still waiting.
 */
export const cancelWhenClientGone = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    const scope = new QueryScope();
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      scope.abort().catch((err: unknown) => {
        request.log.warn(
          { err },
          'could not cancel the statements of a request left by its client',
        );
      });
    });
    runInQueryScope(scope, done);
  });
});
