import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBackfillParams,
  ZClassificationBackfill,
  ZClassificationBackfillResponse,
  ZClassificationDryRunRequest,
  ZClassificationDryRunResponse,
  ZClassificationRulesDeleteRequest,
  ZClassificationRulesRequest,
  ZClassificationRulesResponse,
  ZIdParams,
  RULES_NEED_COMPANY_ADMIN,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import * as rules from './classification-rules.service.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';

// Rules pull other members' documents in: a company admin's grant, refused before the body is read.
const rulesAdminOnly = requirePermission('companyAdmin', { message: RULES_NEED_COMPANY_ADMIN });

const tags = ['cabinets'];

export const classificationRuleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const db = deps.database.db;

  app.post(
    '/cabinets/:id/classification_rules',
    {
      preValidation: rulesAdminOnly,
      schema: {
        tags,
        summary:
          '自動振り分けルールにメンバーグループを追加（backfill: true で既存書類も振り分け）',
        params: ZIdParams,
        body: ZClassificationRulesRequest,
        response: { 200: ZClassificationRulesResponse },
      },
    },
    async (request) =>
      rules.addRules({ db, auth: request.auth, jobs: deps.jobs }, request.params.id, request.body),
  );

  app.delete(
    '/cabinets/:id/classification_rules',
    {
      preValidation: rulesAdminOnly,
      schema: {
        tags,
        summary: '自動振り分けルールからメンバーグループを外す',
        params: ZIdParams,
        body: ZClassificationRulesDeleteRequest,
        response: { 200: ZClassificationRulesResponse },
      },
    },
    async (request) =>
      rules.removeRules({ db, auth: request.auth }, request.params.id, request.body.memberGroupIds),
  );

  app.post(
    '/cabinets/:id/classification_rules/dry_run',
    {
      preValidation: rulesAdminOnly,
      schema: {
        tags,
        summary: 'ルールが既存の書類を何件振り分けるか（書き込みなし）',
        params: ZIdParams,
        body: ZClassificationDryRunRequest,
        response: { 200: ZClassificationDryRunResponse },
      },
    },
    async (request) => ({
      count: await rules.dryRun(
        { db, auth: request.auth },
        request.params.id,
        request.body.memberGroupIds,
      ),
    }),
  );

  app.get(
    '/cabinets/:id/classification_rules/backfills',
    {
      schema: {
        tags,
        summary: '既存書類の振り分け（最近の10件）',
        params: ZIdParams,
        response: { 200: z.object({ backfills: z.array(ZClassificationBackfill) }) },
      },
    },
    async (request) => ({
      backfills: await rules.listBackfills({ db, auth: request.auth }, request.params.id),
    }),
  );

  app.get(
    '/cabinets/:id/classification_rules/backfills/:backfillId',
    {
      schema: {
        tags,
        summary: '既存書類の振り分けの進捗',
        params: ZBackfillParams,
        response: { 200: ZClassificationBackfillResponse },
      },
    },
    async (request) => ({
      backfill: await rules.getBackfill(
        { db, auth: request.auth },
        request.params.id,
        request.params.backfillId,
      ),
    }),
  );
};
