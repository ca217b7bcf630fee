import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZErrorBody,
  ZSsoCertificatesRequest,
  ZSsoEnablePreview,
  ZSsoEnabledRequest,
  ZSsoMappingRequest,
  ZSsoMetadataRequest,
  ZSsoResponse,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import * as service from './sso.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
// Company admins of a company whose plan has SSO: the role first, so a member learns nothing of the plan.
const admin = { preValidation: requirePermission(['companyAdmin', 'ssoPlan']) };
const tags = ['sso'];

/** SAML single sign-on settings: company admins only (docs/design.md "Single sign-on"). */
export const ssoRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/sso_settings',
    { ...admin, schema: { tags, summary: 'SSO設定', response: { 200: ZSsoResponse, ...errors } } },
    async (request) => service.getSso(deps, request.auth),
  );

  app.get(
    '/sso_settings/sp_metadata',
    {
      ...admin,
      schema: {
        tags,
        summary: 'SP メタデータ XML（IdP に登録する）',
      },
    },
    async (request, reply) =>
      reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="cloudsign-sp-metadata.xml"')
        .send(service.spMetadata(deps, request.auth.user.companyId)),
  );

  app.put(
    '/sso_settings/idp_metadata',
    {
      ...admin,
      schema: {
        tags,
        summary: 'IdP メタデータを登録',
        body: ZSsoMetadataRequest,
        response: { 200: ZSsoResponse, ...errors },
      },
    },
    async (request) => service.putMetadata(deps, request.auth, request.body.xml),
  );

  app.put(
    '/sso_settings/mapping',
    {
      ...admin,
      schema: {
        tags,
        summary: '属性マッピング・JIT・例外の管理者',
        body: ZSsoMappingRequest,
        response: { 200: ZSsoResponse, ...errors },
      },
    },
    async (request) => service.putMapping(deps, request.auth, request.body),
  );

  app.put(
    '/sso_settings/certificates',
    {
      ...admin,
      schema: {
        tags,
        summary: 'IdP 証明書（ロールオーバー: 新旧2つまで）',
        body: ZSsoCertificatesRequest,
        response: { 200: ZSsoResponse, ...errors },
      },
    },
    async (request) => service.putCertificates(deps, request.auth, request.body.certificates),
  );

  app.get(
    '/sso_settings/enable_preview',
    {
      ...admin,
      schema: {
        tags,
        summary: 'SSO を有効にしたときの影響',
        response: { 200: ZSsoEnablePreview, ...errors },
      },
    },
    async (request) => service.enablePreview(deps, request.auth),
  );

  app.put(
    '/sso_settings/enabled',
    {
      ...admin,
      schema: {
        tags,
        summary: 'SSO の有効・無効',
        body: ZSsoEnabledRequest,
        response: { 200: ZSsoResponse, ...errors },
      },
    },
    async (request) => service.setEnabled(deps, request.auth, request.body.enabled),
  );
};
