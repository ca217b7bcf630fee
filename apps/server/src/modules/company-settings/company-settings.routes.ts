import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companySettingsEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import * as service from './company-settings.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** 企業設定: company admins only, checked before the body is read. */
export const companySettingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.route({
    ...routeOf(e.get, {
      tags: ['company-settings'],
      summary: '企業設定（企業名・プラン・テーマ・機能の設定）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => ({ settings: await service.getSettings(deps, request.auth) }),
  });

  app.route({
    ...routeOf(e.update, {
      tags: ['company-settings'],
      summary: '企業設定を変更（If-Match の version が古いと 409）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => ({
      settings: await service.updateSettings(
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
      summary: '企業設定の変更による影響（対象メンバーの人数と名前）。何も変更しない',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => ({
      preview: await service.previewSettings(
        deps,
        request.auth,
        request.body,
        expectedVersion(request),
      ),
    }),
  });

  app.route({
    ...routeOf(e.invitationBudget, {
      tags: ['company-settings'],
      summary: '本日あと何通の招待メールを送れるか（一括追加の確認に使う）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => ({
      budget: await service.invitationBudget(deps, request.auth),
    }),
  });

  app.route({
    ...routeOf(e.mfaReminders, {
      tags: ['company-settings'],
      summary: '2要素認証を設定していないメンバーに設定のお願いをメールする',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => service.remindMfa(deps, request.auth),
  });
};
