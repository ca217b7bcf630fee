import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

export const MSG_NUL =
  '使用できない文字（NUL 文字、または対になっていないサロゲート文字）が含まれています。';

/** NUL, or a lone UTF-16 surrogate (JSON allows "\\ud800"; PostgreSQL's jsonb and UTF-8 text do not). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * The dotted path of a string (or key) holding a character that cannot be stored, or null. Walked with an explicit stack, not
 * recursion: a body may be nested thousands deep, which must be a 400 from validation, not a stack overflow.
 */
function findNul(root: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return path;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (unstorable(key)) return at;
      stack.push({ value: v, path: at });
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 and jsonb refuses a lone surrogate, so either anywhere in a query or
 * JSON body would fail deep in a statement as a 500. It is refused up front, naming the field, before validation and any service runs.
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
