import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { provisioningEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import * as service from './provisioning-tokens.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
// Provisioning is a company admin's, like the members it creates (docs/design.md §1).
const admin = { preValidation: requirePermission('companyAdmin') };
const tags = ['provisioning'];

/** 企業設定 › プロビジョニング: the SCIM tokens and the request log (issue 34). */
export const provisioningRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.route({
    ...routeOf(e.findTokens, { tags, summary: 'SCIM トークンの一覧と SCIM のベース URL', errors }),
    ...admin,
    handler: async (request) => service.findTokens(deps, request.auth),
  });

  app.route({
    ...routeOf(e.createToken, {
      tags,
      summary: 'SCIM トークンを作成（シークレットはこの応答でのみ返す）',
      errors,
    }),
    ...admin,
    handler: async (request, reply) =>
      reply.status(201).send(await service.createToken(deps, request.auth, request.body)),
  });

  app.route({
    ...routeOf(e.revokeToken, { tags, summary: 'SCIM トークンを無効化', errors }),
    ...admin,
    handler: async (request) => service.revokeToken(deps, request.auth, request.params.id),
  });

  app.route({
    ...routeOf(e.findLog, {
      tags,
      summary: 'プロビジョニングのログ（30日分、新しい順に200件まで）',
      errors,
    }),
    ...admin,
    handler: async (request) => service.findLog(deps, request.auth),
  });
};
