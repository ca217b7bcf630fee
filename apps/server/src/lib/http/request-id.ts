import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A request id on every response (docs/design.md §5); a caller's well-formed X-Request-Id is kept for tracing. */
export const genReqId = (req: { headers: Record<string, string | string[] | undefined> }) => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : randomUUID();
};

export function installRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
