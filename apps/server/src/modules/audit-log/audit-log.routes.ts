import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAuditEvent,
  ZErrorBody,
  ZFindAuditEventsQuery,
  ZFindAuditEventsResponse,
  ZIdParams,
} from '@cloudsign/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import * as service from './audit-log.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const auditor = requirePermission('auditor', {
  message: '監査ログを閲覧する権限がありません。監査ログ閲覧権限を持つメンバーにご依頼ください。',
});

export const auditLogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/audit_events',
    {
      preValidation: auditor,
      schema: {
        tags: ['audit-log'],
        summary: '監査ログ（新しい順に50件ずつ。期間はJST）',
        querystring: ZFindAuditEventsQuery,
        response: { 200: ZFindAuditEventsResponse, ...errors },
      },
    },
    async (request) => service.findEvents(deps.database.db, request.auth, request.query),
  );

  app.get(
    '/audit_events/:id',
    {
      preValidation: auditor,
      schema: {
        tags: ['audit-log'],
        summary: '監査ログの1件',
        params: ZIdParams,
        response: { 200: z.object({ event: ZAuditEvent }), ...errors },
      },
    },
    async (request) => ({
      event: await service.getEvent(deps.database.db, request.auth, request.params.id),
    }),
  );
};
