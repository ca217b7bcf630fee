/** 税務調査対応 (issue 35): count a 課税期間's documents, start the pack's job, follow it, fetch the ZIP. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxAuditEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { toJobStatusDto, toManipulationDto } from '../../bulk/bulk.dto.ts';
import { downloadCtx, sendZip } from '../document-download/document-download.routes.ts';
import { countPack, getPack, openPack, requestPack } from './tax-audit.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['documents'];
// Before the body is read: a member without 組織管理権限 learns nothing from a 400.
const admin = requirePermission('companyAdmin');

export const taxAuditRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const ctx = (auth: AuthContext) => downloadCtx(deps, auth);
  app.route({
    ...routeOf(e.count, {
      tags,
      summary: '税務調査対応: 課税期間の書類と訂正削除履歴の件数',
      errors,
    }),
    preValidation: admin,
    handler: async (request) => countPack(ctx(request.auth), request.body),
  });

  app.route({
    ...routeOf(e.request, {
      tags,
      summary:
        '税務調査対応ファイルの作成（課税期間の書類のPDF・書類一覧・訂正削除履歴のZIPをジョブで作成）',
      errors: { ...errors, 429: ZErrorBody },
    }),
    preValidation: admin,
    handler: async (request, reply) => {
      const m = await requestPack(ctx(request.auth), request.body);
      return reply.status(202).send({ manipulation: toManipulationDto(m) });
    },
  });

  app.route({
    ...routeOf(e.status, { tags, summary: '税務調査対応ファイルの作成の進み具合', errors }),
    preValidation: admin,
    handler: async (request) => {
      const m = await getPack(ctx(request.auth), request.params.id);
      return toJobStatusDto(m);
    },
  });

  app.route({
    ...routeOf(e.zip, { tags, summary: '税務調査対応ファイル（ZIP）' }),
    preValidation: admin,
    handler: async (request, reply) => {
      const { run, body } = await openPack(ctx(request.auth), request.params.id);
      return sendZip(reply, body, ['税務調査対応', 'tax_audit'], run.createdAt);
    },
  });
};
