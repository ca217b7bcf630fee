import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import * as service from './account.service.ts';
import * as mfa from './account-mfa.service.ts';

/** Every signed-in member, whatever his privileges: each call acts on his own account only. */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['account'];
  app.route({
    ...routeOf(e.get, { tags, summary: '自分のアカウント' }),
    handler: async (request) => ({ account: await service.getAccount(deps, request.auth) }),
  });
  app.route({
    ...routeOf(e.changePassword, {
      tags,
      summary: '自分のパスワードを変更',
      errors: { 400: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
    }),
    handler: async (request) => service.changePassword(deps, request.auth, request.body),
  });
  app.route({
    ...routeOf(e.sessions, { tags, summary: '自分のセッション' }),
    handler: async (request) => ({ sessions: await service.listSessions(deps, request.auth) }),
  });
  app.route({
    ...routeOf(e.endSession, {
      tags,
      summary: '自分のセッションを終了',
      errors: { 404: ZErrorBody },
    }),
    handler: async (request) => service.endSession(deps, request.auth, request.params.id),
  });
  app.route({
    ...routeOf(e.endOtherSessions, { tags, summary: 'ほかのすべてのセッションを終了' }),
    handler: async (request) => service.endOtherSessions(deps, request.auth),
  });
  app.route({
    ...routeOf(e.mfaSecret, { tags, summary: '2要素認証の新しいキー' }),
    handler: async (request, reply) => {
      // The key is a secret: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return mfa.newMfaSecret(request.auth);
    },
  });
  app.route({
    ...routeOf(e.reRegisterMfa, {
      tags,
      summary: '2要素認証を再設定',
      errors: { 400: ZErrorBody, 429: ZErrorBody },
    }),
    handler: async (request) => mfa.reRegisterMfa(deps, request.auth, request.body),
  });
};
