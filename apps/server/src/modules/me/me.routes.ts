import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMeResponse } from '@cloudsign/contract';
import { toCurrentUser } from '../../auth/current-user.ts';
import type { AppDeps } from '../../deps.ts';

export const meRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app) => {
  app.get(
    '/me',
    { schema: { tags: ['me'], summary: 'ログイン中のユーザー', response: { 200: ZMeResponse } } },
    async (request) => ({ user: toCurrentUser(request.auth.user, request.auth.company) }),
  );
};
