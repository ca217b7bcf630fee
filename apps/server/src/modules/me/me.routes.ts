import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meEndpoints as e } from '@cloudsign/contract';
import { toCurrentUser } from '../../auth/current-user.ts';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';

export const meRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app) => {
  app.route({
    ...routeOf(e.get, { tags: ['me'], summary: 'ログイン中のユーザー' }),
    handler: async (request) => ({ user: toCurrentUser(request.auth.user, request.auth.company) }),
  });
};
