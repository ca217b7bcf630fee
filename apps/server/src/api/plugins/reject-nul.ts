import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

export const MSG_NUL = '使用できない文字（NUL 文字）が含まれています。';

/** The dotted path of the first string (or key) holding a NUL character, or null. */
function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = findNul(v, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a query or JSON body would fail deep in a
 * statement as a 500. It is refused up front, naming the field, before validation and any service runs.
 */
export const rejectNul = fp(async (app) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [where, value] of [
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path !== null)
        throw new AppError('validation_failed', MSG_NUL, [
          { path: path || where, message: MSG_NUL },
        ]);
    }
  });
});
