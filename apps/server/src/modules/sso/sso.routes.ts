import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ssoEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import * as service from './sso.service.ts';
import { ssoDomainRoutes } from './sso-domains.routes.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
// Company admins of a company whose plan has SSO: the role first, so a member learns nothing of the plan.
const admin = { preValidation: requirePermission(['companyAdmin', 'ssoPlan']) };
const tags = ['sso'];

/** SAML single sign-on settings: company admins only (docs/design.md "Single sign-on"). */
export const ssoRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(ssoDomainRoutes, { deps });

  app.route({
    ...routeOf(e.get, { tags, summary: 'SSO設定', errors }),
    ...admin,
    handler: async (request) => service.getSso(deps, request.auth),
  });

  app.route({
    ...routeOf(e.spMetadata, { tags, summary: 'SP メタデータ XML（IdP に登録する）' }),
    ...admin,
    handler: async (request, reply) =>
      reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="cloudsign-sp-metadata.xml"')
        .send(await service.spMetadata(deps, request.auth.user.companyId)),
  });

  app.route({
    ...routeOf(e.putMetadata, { tags, summary: 'IdP メタデータを登録', errors }),
    ...admin,
    handler: async (request) =>
      service.putMetadata(deps, request.auth, request.body.xml, expectedVersion(request)),
  });

  app.route({
    ...routeOf(e.putMapping, { tags, summary: '属性マッピング・JIT・例外の管理者', errors }),
    ...admin,
    handler: async (request) =>
      service.putMapping(deps, request.auth, request.body, expectedVersion(request)),
  });

  app.route({
    ...routeOf(e.putCertificates, {
      tags,
      summary: 'IdP 証明書（ロールオーバー: 新旧2つまで）',
      errors,
    }),
    ...admin,
    handler: async (request) =>
      service.putCertificates(
        deps,
        request.auth,
        request.body.certificates,
        expectedVersion(request),
      ),
  });

  app.route({
    ...routeOf(e.enablePreview, { tags, summary: 'SSO を有効にしたときの影響', errors }),
    ...admin,
    handler: async (request) => service.enablePreview(deps, request.auth),
  });

  app.route({
    ...routeOf(e.putEnabled, { tags, summary: 'SSO の有効・無効', errors }),
    ...admin,
    handler: async (request) => service.setEnabled(deps, request.auth, request.body.enabled),
  });
};
