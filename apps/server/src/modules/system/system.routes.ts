import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { sendError } from '../../lib/http/error-handler.ts';
import type { RequestMetrics } from './metrics.ts';
import { metricsAccess } from './metrics-access.ts';

export const systemRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  metrics: RequestMetrics;
}> = async (app, { deps, metrics }) => {
  app.get(
    '/metrics',
    // Public to the JWT check: the scraper has no member session, it proves itself with METRICS_TOKEN.
    {
      config: { isPublic: true },
      schema: { tags: ['system'], summary: 'Prometheus 形式のメトリクス', hide: true },
    },
    async (request, reply) => {
      const access = metricsAccess(request, deps.env.METRICS_TOKEN);
      if (access === 'disabled') return sendError(request, reply, 'not_found');
      if (access === 'denied') {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(
          request,
          reply,
          'unauthenticated',
          'メトリクスの取得には METRICS_TOKEN のトークンが必要です。',
        );
      }
      return reply
        .header('cache-control', 'no-store')
        .type('text/plain; version=0.0.4; charset=utf-8')
        .send(metrics.render());
    },
  );

  app.get(
    '/healthz',
    {
      config: { isPublic: true },
      schema: {
        tags: ['system'],
        summary: '稼働確認',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async (request, reply) => {
      try {
        await deps.database.raw.query('select 1');
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return sendError(request, reply, 'unavailable');
      }
      return { status: 'ok' as const, database: deps.database.kind };
    },
  );
};
