/**
 * Who may read /metrics: only a scraper holding METRICS_TOKEN. Without the variable the route answers 404
 * like any unknown path, so a public deployment discloses nothing (request counts, routes, memory).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const digest = (value: string) => createHash('sha256').update(value).digest();

export type MetricsAccess = 'disabled' | 'denied' | 'granted';

export function metricsAccess(request: FastifyRequest, token: string | undefined): MetricsAccess {
  if (!token) return 'disabled';
  const header = request.headers.authorization;
  const given =
    typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  // Digests of equal length, compared in constant time: the comparison leaks neither the token nor its length.
  return given && timingSafeEqual(digest(given), digest(token)) ? 'granted' : 'denied';
}
