/** Alert calls: a cabinet's rules, the upcoming deadlines, the member's calendar feed. Thin. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertEndpoints as e } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requestCtx } from '../../api/request-ctx.ts';
import { itemBeforeBody } from '../../api/item-before-body.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import { sendError } from '../../lib/http/error-handler.ts';
import { loadManaged } from '../cabinets/cabinets.service.ts';
import * as service from './alerts.service.ts';
import * as feeds from './calendar-feed.service.ts';

const tags = ['alerts'];

export const alertsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const ctx = (auth: service.Ctx['auth']) => requestCtx(deps, auth);
  const feedCtx = (auth: service.Ctx['auth']) => ({ ...ctx(auth), apiUrl: deps.env.API_URL });

  app.route({
    ...routeOf(e.getSettings, { tags, summary: 'キャビネットの期限アラートの設定' }),
    handler: async (request) => ({
      settings: await service.getSettings(ctx(request.auth), request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.updateSettings, { tags, summary: 'キャビネットの期限アラートの設定を保存' }),
    // 404 (no such cabinet here) and 403 (not its admin) before the body's 400 and the If-Match's 428.
    preValidation: itemBeforeBody((request, id) => loadManaged(ctx(request.auth), id)),
    handler: async (request) => ({
      settings: await service.updateSettings(
        ctx(request.auth),
        request.params.id,
        request.body,
        expectedVersion(request),
      ),
    }),
  });

  app.route({
    ...routeOf(e.upcoming, { tags, summary: '期限が近い書類（読める書類のみ）' }),
    handler: async (request) => service.upcoming(ctx(request.auth)),
  });

  app.route({
    ...routeOf(e.calendarFeed, { tags, summary: 'カレンダー購読URLの発行状況' }),
    handler: async (request) => feeds.feedStatus(feedCtx(request.auth)),
  });
  app.route({
    ...routeOf(e.issueCalendarFeed, {
      tags,
      summary: 'カレンダー購読URLを発行（以前のURLは無効）',
    }),
    handler: async (request) => feeds.issueFeed(feedCtx(request.auth)),
  });
  app.route({
    ...routeOf(e.revokeCalendarFeed, { tags, summary: 'カレンダー購読URLを無効化' }),
    handler: async (request) => feeds.revokeFeed(feedCtx(request.auth)),
  });

  app.get(
    `${feeds.FEED_PATH}:file`,
    // Calendar programs cannot sign in: the secret in the URL is the credential (revocable, stored hashed).
    {
      config: { isPublic: true },
      schema: {
        tags,
        summary: '期限のiCalendarフィード（秘密のURL）',
        hide: true,
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const ics = await feeds.feedIcs(
        { db: deps.database.db, clock: deps.clock, siteUrl: deps.env.SITE_URL },
        request.params.file,
      );
      // The secret is the credential: unknown, rotated or revoked is a failed authentication.
      if (ics === null)
        return sendError(
          request,
          reply,
          'unauthenticated',
          'このカレンダー購読URLは無効です。書類の「期限が近い書類」で発行し直してください。',
        );
      return reply
        .header('cache-control', 'private, no-store')
        .type('text/calendar; charset=utf-8')
        .send(ics);
    },
  );
};
