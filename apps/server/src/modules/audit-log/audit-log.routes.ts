import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogEndpoints as e, type TCsvEncoding, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import type { FastifyRequest } from 'fastify';
import { checkPermission } from '../../api/plugins/permissions.ts';
import { AppError } from '../../lib/app-error.ts';
import * as service from './audit-log.service.ts';
import { toJobStatusDto, toManipulationDto } from '../../bulk/bulk.dto.ts';
import { csvContentType } from '../../lib/csv/stringify.ts';
import { contentDisposition } from '../../lib/http/content-disposition.ts';
import { csvFileNames } from '../../lib/csv/file-names.ts';
import {
  getAuditExport,
  openAuditExport,
  requestAuditExport,
  requestCorrectionHistory,
} from './audit-export.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const auditLogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const auditor = async (request: FastifyRequest) => {
    try {
      checkPermission(request, 'auditor');
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'forbidden') throw err;
      throw new AppError(
        'forbidden',
        await service.auditRefusal(deps.database.db, request.auth.company.id),
      );
    }
  };
  app.route({
    ...routeOf(e.find, {
      tags: ['audit-log'],
      summary: '監査ログ（新しい順に50件ずつ。期間はJST）',
      errors,
    }),
    preValidation: auditor,
    handler: async (request) => service.findEvents(deps.database.db, request.auth, request.query),
  });

  app.route({
    ...routeOf(e.head, {
      tags: ['audit-log'],
      summary:
        'チェーンの先頭（最新の記録の番号とハッシュ。監査ログの外に控えて改ざんの検知に使う）',
      errors,
    }),
    preValidation: auditor,
    handler: async (request) => ({
      head: await service.getChainHead(deps.database.db, request.auth),
    }),
  });

  app.route({
    ...routeOf(e.get, { tags: ['audit-log'], summary: '監査ログの1件', errors }),
    preValidation: auditor,
    handler: async (request) => ({
      event: await service.getEvent(deps.database.db, request.auth, request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.requestExport, {
      tags: ['audit-log'],
      summary: '絞り込んだ監査ログのCSV書き出し（ジョブで作成し、完了後にダウンロード）',
      errors,
    }),
    preValidation: auditor,
    handler: async (request, reply) => {
      const m = await requestAuditExport(deps, request.auth, request.body);
      return reply.status(202).send({ manipulation: toManipulationDto(m) });
    },
  });

  app.route({
    ...routeOf(e.requestCorrectionHistory, {
      tags: ['audit-log'],
      summary:
        '訂正削除履歴のCSV書き出し（期間内の書類情報の変更を1項目1行で。ジョブで作成し、書き出しと同じ呼び出しで進み具合とダウンロード）',
      errors,
    }),
    preValidation: auditor,
    handler: async (request, reply) => {
      const m = await requestCorrectionHistory(deps, request.auth, request.body);
      return reply.status(202).send({ manipulation: toManipulationDto(m) });
    },
  });

  app.route({
    ...routeOf(e.exportStatus, {
      tags: ['audit-log'],
      summary: '監査ログの書き出しの進み具合',
      errors,
    }),
    preValidation: auditor,
    handler: async (request) => {
      const m = await getAuditExport(deps, request.auth, request.params.id);
      return toJobStatusDto(m);
    },
  });

  app.route({
    ...routeOf(e.exportCsv, { tags: ['audit-log'], summary: '書き出した監査ログのダウンロード' }),
    preValidation: auditor,
    handler: async (request, reply) => {
      const { run, body } = await openAuditExport(deps, request.auth, request.params.id);
      const encoding = run.encoding as TCsvEncoding;
      const names = csvFileNames(
        run.params.correctionHistory
          ? ['訂正削除履歴', 'correction_history']
          : ['監査ログ', 'audit_log'],
        run.createdAt,
      );
      return reply
        .header('content-type', csvContentType(encoding))
        .header('content-disposition', contentDisposition('attachment', names.ja, names.ascii))
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
};
