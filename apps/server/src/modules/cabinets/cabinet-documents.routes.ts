import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cabinetEndpoints as e } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requestCtx } from '../../api/request-ctx.ts';
import { fileDocuments, unfileDocuments } from './cabinet-documents.service.ts';

const tags = ['cabinets'];

export const cabinetDocumentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.route({
    ...routeOf(e.fileDocuments, {
      tags,
      summary:
        '書類をキャビネットに追加（fromCabinetId を指定すると移動、省略するとコピー。書類はIDか検索条件で指定）',
    }),
    handler: async (request) =>
      fileDocuments(requestCtx(deps, request.auth), request.params.id, request.body),
  });

  app.route({
    ...routeOf(e.unfileDocuments, {
      tags,
      summary: '書類をキャビネットから外す（書類は「すべての書類」に残る）',
    }),
    handler: async (request) =>
      unfileDocuments(requestCtx(deps, request.auth), request.params.id, request.body),
  });
};
