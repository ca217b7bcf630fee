import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A request id on every response (docs/design.md §5); a caller's well-formed X-Request-Id is kept for tracing. */
export const genReqId = (req: { headers: Record<string, string | string[] | undefined> }) => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : randomUUID();
};

export function installRequestId(app: FastifyInstance) {
  // A callback hook, as every hook that never waits: an async one costs each request a promise and a turn.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
