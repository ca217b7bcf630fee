import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { apiHelmetOptions, installSecurityHeaders } from './security-headers.ts';

/** The headers of an answer, an error and a 404, without the one that differs between two answers (date). */
async function headersOf(setUp: (app: FastifyInstance) => PromiseLike<unknown> | void) {
  const app = Fastify();
  await setUp(app);
  app.get('/x', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  const answers = [];
  for (const url of ['/x', '/boom', '/missing']) {
    const { date: _date, ...rest } = (await app.inject({ url })).headers;
    answers.push(rest);
  }
  await app.close();
  return answers;
}

describe('the api security headers', () => {
  it.each([false, true])(
    'are those @fastify/helmet answers with the api options (https: %s)',
    async (isHttps) => {
      const written = await headersOf((app) => installSecurityHeaders(app, isHttps));
      const helmets = await headersOf((app) => app.register(helmet, apiHelmetOptions(isHttps)));
      expect(written).toEqual(helmets);
      expect(written.map((h) => h['x-frame-options'])).toEqual(Array(3).fill('SAMEORIGIN'));
    },
  );
});
