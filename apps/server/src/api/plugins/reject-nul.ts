import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { findUnstorable, MSG_NUL } from '../../lib/http/unstorable.ts';

export { MSG_NUL };

/**
 * PostgreSQL text cannot hold U+0000 and jsonb refuses a lone surrogate, so either anywhere in a query or
 * JSON body would fail deep in a statement as a 500. It is refused up front, naming the field, before validation and any service runs.
 */
export const rejectNul = fp(async (app) => {
  // A callback hook: an async one cost every request a promise and a turn for a check that never waits.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    for (const [where, value] of [
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findUnstorable(value);
      if (path !== null)
        return done(
          new AppError('validation_failed', MSG_NUL, [{ path: path || where, message: MSG_NUL }]),
        );
    }
    done();
  });
});
