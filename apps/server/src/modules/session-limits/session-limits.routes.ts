import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionLimitsEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import * as service from './session-limits.service.ts';

/** The 403 names the privilege (組織管理権限) the caller lacks. */
const ADMIN_ONLY = {
  message: 'セッションの制限は組織管理権限を持つメンバーのみ利用できます。',
} as const;

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** 企業設定 › セキュリティ: the idle timeout and session length, company admins only. */
export const sessionLimitsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.route({
    ...routeOf(e.get, {
      tags: ['company-settings'],
      summary: 'セッションの制限（無操作タイムアウトとログインの有効期間）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin', ADMIN_ONLY),
    handler: async (request) => ({ limits: await service.getLimits(deps, request.auth) }),
  });

  app.route({
    ...routeOf(e.update, {
      tags: ['company-settings'],
      summary: 'セッションの制限を変更（If-Match の version が古いと 409）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin', ADMIN_ONLY),
    handler: async (request) => ({
      limits: await service.updateLimits(
        deps,
        request.auth,
        request.body,
        expectedVersion(request),
      ),
    }),
  });

  app.route({
    ...routeOf(e.preview, {
      tags: ['company-settings'],
      summary: '新しい制限で今すぐ終了するセッションとメンバー。何も変更しない',
      errors,
    }),
    preValidation: requirePermission('companyAdmin', ADMIN_ONLY),
    handler: async (request) => ({
      preview: await service.previewLimits(
        deps,
        request.auth,
        request.body,
        expectedVersion(request),
      ),
    }),
  });
};
