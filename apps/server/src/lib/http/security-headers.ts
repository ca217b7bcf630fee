/**
 * The api's security headers: helmet's defaults with the api's choices (no CSP: it answers JSON, never a page;
 * resources for the console's origin only; HSTS only over https, RFC 6797 §8.1), written from one object made
 * at start. @fastify/helmet builds helmet's whole middleware again on every request, a share of the CPU of
 * the cheapest call (issue 36) for headers that never change. `security-headers.test.ts` proves them equal
 * to what @fastify/helmet answers with `apiHelmetOptions`, so a helmet upgrade that changes them fails there.
 */
import type { FastifyInstance } from 'fastify';

/** The options the api gave @fastify/helmet; the test holds the headers below to them. */
export const apiHelmetOptions = (isHttps: boolean) => ({
  contentSecurityPolicy: false as const,
  crossOriginResourcePolicy: { policy: 'same-site' as const },
  strictTransportSecurity: isHttps
    ? { maxAge: 31536000, includeSubDomains: true }
    : (false as const),
});

export function apiSecurityHeaders(isHttps: boolean): Readonly<Record<string, string>> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(isHttps && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** On every answer that gets past admission, as helmet's hook did from the same place. */
export function installSecurityHeaders(app: FastifyInstance, isHttps: boolean) {
  const headers = apiSecurityHeaders(isHttps);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
