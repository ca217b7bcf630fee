import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cabinetEndpoints as e } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import {
  cabinetReaders,
  groupCandidates,
  memberCandidates,
  readableCabinetsOf,
} from './access.service.ts';

const tags = ['cabinets'];

export const accessRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.route({
    ...routeOf(e.access),
    schema: {
      tags,
      summary: 'キャビネットの書類を閲覧できるメンバーと、その理由',
      params: e.access.params,
      querystring: e.access.query,
      response: { 200: e.access.response },
    },
    handler: async (request) =>
      cabinetReaders(
        { db: deps.database.db, auth: request.auth },
        request.params.id,
        request.query,
      ),
  });

  app.route({
    ...routeOf(e.readableBy),
    schema: {
      tags,
      summary: 'メンバーが閲覧できるキャビネットと、その理由',
      params: e.readableBy.params,
      response: { 200: e.readableBy.response },
    },
    handler: async (request) => ({
      cabinets: await readableCabinetsOf(
        { db: deps.database.db, auth: request.auth },
        request.params.id,
      ),
    }),
  });

  app.route({
    ...routeOf(e.memberCandidates),
    schema: {
      tags,
      summary: '管理者に追加できるメンバー（キャビネットの管理者向け）',
      params: e.memberCandidates.params,
      querystring: e.memberCandidates.query,
      response: { 200: e.memberCandidates.response },
    },
    handler: async (request) =>
      memberCandidates(
        { db: deps.database.db, auth: request.auth },
        request.params.id,
        request.query,
      ),
  });

  app.route({
    ...routeOf(e.groupCandidates),
    schema: {
      tags,
      summary: '指定できるメンバーグループ（キャビネットの管理者向け）',
      params: e.groupCandidates.params,
      response: { 200: e.groupCandidates.response },
    },
    handler: async (request) =>
      groupCandidates({ db: deps.database.db, auth: request.auth }, request.params.id),
  });
};
