import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cabinetEndpoints as e, RULES_NEED_COMPANY_ADMIN } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requestCtx } from '../../api/request-ctx.ts';
import * as rules from './classification-rules.service.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';

// Rules pull other members' documents in: a company admin's grant, refused before the body is read.
const rulesAdminOnly = requirePermission('companyAdmin', { message: RULES_NEED_COMPANY_ADMIN });

const tags = ['cabinets'];

export const classificationRuleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.route({
    ...routeOf(e.addRules, {
      tags,
      summary: '自動振り分けルールにメンバーグループを追加（backfill: true で既存書類も振り分け）',
    }),
    preValidation: rulesAdminOnly,
    handler: async (request) =>
      rules.addRules(
        { ...requestCtx(deps, request.auth), jobs: deps.jobs },
        request.params.id,
        request.body,
      ),
  });

  app.route({
    ...routeOf(e.removeRules, { tags, summary: '自動振り分けルールからメンバーグループを外す' }),
    preValidation: rulesAdminOnly,
    handler: async (request) =>
      rules.removeRules(
        requestCtx(deps, request.auth),
        request.params.id,
        request.body.memberGroupIds,
      ),
  });

  app.route({
    ...routeOf(e.dryRunRules, {
      tags,
      summary: 'ルールが既存の書類を何件振り分けるか（書き込みなし）',
    }),
    preValidation: rulesAdminOnly,
    handler: async (request) => ({
      count: await rules.dryRun(
        requestCtx(deps, request.auth),
        request.params.id,
        request.body.memberGroupIds,
      ),
    }),
  });

  app.route({
    ...routeOf(e.backfills, { tags, summary: '既存書類の振り分け（最近の10件）' }),
    handler: async (request) => ({
      backfills: await rules.listBackfills(requestCtx(deps, request.auth), request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.backfill, { tags, summary: '既存書類の振り分けの進捗' }),
    handler: async (request) => ({
      backfill: await rules.getBackfill(
        requestCtx(deps, request.auth),
        request.params.id,
        request.params.backfillId,
      ),
    }),
  });
};
