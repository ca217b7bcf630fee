import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCabinetAccessQuery,
  ZCabinetAccessResponse,
  ZCabinetCandidatesQuery,
  ZCabinetGroupCandidatesResponse,
  ZCabinetMemberCandidatesResponse,
  ZCabinetsReadDocumentResponse,
  ZIdParams,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import {
  cabinetReaders,
  groupCandidates,
  memberCandidates,
  readableCabinetsOf,
} from './access.service.ts';

const tags = ['cabinets'];

export const accessRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/cabinets/:id/access',
    {
      schema: {
        tags,
        summary: 'キャビネットの書類を閲覧できるメンバーと、その理由',
        params: ZIdParams,
        querystring: ZCabinetAccessQuery,
        response: { 200: ZCabinetAccessResponse },
      },
    },
    async (request) =>
      cabinetReaders(
        { db: deps.database.db, auth: request.auth },
        request.params.id,
        request.query,
      ),
  );

  app.get(
    '/cabinets_read_document/:id',
    {
      schema: {
        tags,
        summary: 'メンバーが閲覧できるキャビネットと、その理由',
        params: ZIdParams,
        response: { 200: ZCabinetsReadDocumentResponse },
      },
    },
    async (request) => ({
      cabinets: await readableCabinetsOf(
        { db: deps.database.db, auth: request.auth },
        request.params.id,
      ),
    }),
  );

  app.get(
    '/cabinets/:id/member_candidates',
    {
      schema: {
        tags,
        summary: '管理者に追加できるメンバー（キャビネットの管理者向け）',
        params: ZIdParams,
        querystring: ZCabinetCandidatesQuery,
        response: { 200: ZCabinetMemberCandidatesResponse },
      },
    },
    async (request) =>
      memberCandidates(
        { db: deps.database.db, auth: request.auth },
        request.params.id,
        request.query,
      ),
  );

  app.get(
    '/cabinets/:id/group_candidates',
    {
      schema: {
        tags,
        summary: '指定できるメンバーグループ（キャビネットの管理者向け）',
        params: ZIdParams,
        response: { 200: ZCabinetGroupCandidatesResponse },
      },
    },
    async (request) =>
      groupCandidates({ db: deps.database.db, auth: request.auth }, request.params.id),
  );
};
