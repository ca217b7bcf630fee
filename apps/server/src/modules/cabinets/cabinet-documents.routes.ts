import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCabinetDocumentsDeleteRequest,
  ZCabinetDocumentsRequest,
  ZCabinetDocumentsResponse,
  ZIdParams,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { fileDocuments, unfileDocuments } from './cabinet-documents.service.ts';

const tags = ['cabinets'];

export const cabinetDocumentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    '/cabinets/:id/documents',
    {
      schema: {
        tags,
        summary:
          '書類をキャビネットに追加（fromCabinetId を指定すると移動、省略するとコピー。書類はIDか検索条件で指定）',
        params: ZIdParams,
        body: ZCabinetDocumentsRequest,
        response: { 200: ZCabinetDocumentsResponse },
      },
    },
    async (request) =>
      fileDocuments({ db: deps.database.db, auth: request.auth }, request.params.id, request.body),
  );

  app.delete(
    '/cabinets/:id/documents',
    {
      schema: {
        tags,
        summary: '書類をキャビネットから外す（書類は「すべての書類」に残る）',
        params: ZIdParams,
        body: ZCabinetDocumentsDeleteRequest,
        response: { 200: ZCabinetDocumentsResponse },
      },
    },
    async (request) =>
      unfileDocuments(
        { db: deps.database.db, auth: request.auth },
        request.params.id,
        request.body,
      ),
  );
};
