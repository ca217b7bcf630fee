/**
 * The api's rate limit (docs/design.md §5), one bucket per caller: a signed-in member's requests count
 * against him, a SCIM request against its provisioning token, anything else against the client address.
 * SCIM has its own bucket and number so that an IdP's full sync from a company's address cannot refuse the
 * console to the admins behind the same address, nor the console's traffic the IdP's (issue 34). Runs at
 * preHandler: after the session authentication and the SCIM token hook have said who is calling.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

export type RateLimitOptions = { apiPerMinute: number; scimPerMinute: number };

export const rateLimitKey = (request: FastifyRequest) =>
  request.scim
    ? `scim:${request.scim.caller.tokenId}`
    : request.auth
      ? `u:${request.auth.user.id}`
      : `ip:${request.ip}`;

export const rateLimits = fp<RateLimitOptions>(async (app, opts) => {
  await app.register(rateLimit, {
    max: (request) => (request.scim ? opts.scimPerMinute : opts.apiPerMinute),
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: rateLimitKey,
  });
});
