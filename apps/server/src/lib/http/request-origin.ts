import type { FastifyRequest } from 'fastify';

/** Where a request came from: filled by the API's and the site's request hooks, plain data for services. */
export type RequestOrigin = {
  ip: string;
  userAgent: string;
  requestId: string;
  /** 「SCIM」 when an IdP made the change through a provisioning token (recorded as the 経路 detail). */
  source?: 'SCIM';
};

/** The audit log's view of a request: the client address (after TRUST_PROXY), its browser and the request id. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua : '',
    requestId: String(request.id),
  };
}
