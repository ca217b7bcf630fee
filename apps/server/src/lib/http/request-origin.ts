import type { FastifyRequest } from 'fastify';

/** The audit log's view of a request: the client address (after TRUST_PROXY), its browser and the request id. */
export function requestOrigin(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua : '',
    requestId: String(request.id),
  };
}
