import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ssoDomainEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import * as service from './sso-domains.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
// The SSO settings' own gate (sso.routes.ts): company admins of a company whose plan has SSO.
const admin = { preValidation: requirePermission(['companyAdmin', 'ssoPlan']) };
const tags = ['sso'];

/** SSO domains: claimed, verified by a DNS TXT record, removed (docs/design.md "Single sign-on"). */
export const ssoDomainRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.route({
    ...routeOf(e.find, {
      tags,
      summary: 'SSO ドメインの一覧（確認の状態と TXT レコード）',
      errors,
    }),
    ...admin,
    handler: async (request) => service.findDomains(deps, request.auth),
  });

  app.route({
    ...routeOf(e.create, { tags, summary: 'SSO ドメインを追加（未確認）', errors }),
    ...admin,
    handler: async (request, reply) =>
      reply.status(201).send(await service.addDomain(deps, request.auth, request.body.domain)),
  });

  app.route({
    ...routeOf(e.verify, {
      tags,
      summary: 'SSO ドメインを DNS の TXT レコードで確認',
      errors: { ...errors, 503: ZErrorBody },
    }),
    ...admin,
    handler: async (request) => service.verifyDomain(deps, request.auth, request.params.id),
  });

  app.route({
    ...routeOf(e.delete, { tags, summary: 'SSO ドメインを削除', errors }),
    ...admin,
    handler: async (request) => service.removeDomain(deps, request.auth, request.params.id),
  });
};
