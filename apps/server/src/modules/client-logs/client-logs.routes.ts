import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meEndpoints } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { parseLogBatch, writeClientLogs } from './client-logs.service.ts';

/** Spec §9: a log message may be up to 256 KB; a batch is smaller (16 KB), so one message bounds the body. */
export const CLIENT_LOG_BODY_LIMIT = 256 * 1024;
/** Per IP: the intake is public (a signed-out page logs too), so it must not become a log-flooding tool. */
export const CLIENT_LOG_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/**
 * The console's log intake (docs/design.md §6): @datadog/browser-logs posts here through its `proxy` option when
 * no Datadog client token is configured. Encapsulated, so the text/plain parser applies to this route only.
 */
export const clientLogsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: CLIENT_LOG_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.route({
    ...routeOf(meEndpoints.clientLogs, {
      tags: ['system'],
      summary: 'ブラウザーのログの受け口（Datadog ブラウザー SDK の proxy 形式）',
      hide: true,
    }),
    bodyLimit: CLIENT_LOG_BODY_LIMIT,
    config: {
      isPublic: true,
      // Writes to the log only, no database: a flood of it must never take the places other requests wait for.
      sharedGate: false,
      rateLimit: {
        ...CLIENT_LOG_RATE_LIMIT,
        keyGenerator: (request) => `client-logs:${request.ip}`,
      },
    },
    handler: async (request, reply) => {
      const text = typeof request.body === 'string' ? request.body : '';
      const { entries, dropped } = parseLogBatch(text);
      writeClientLogs(deps.logger, entries, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (dropped > 0) request.log.info({ dropped }, 'client log lines dropped');
      return reply.code(202).send();
    },
  });
};
