import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cabinetEndpoints as e } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requestCtx } from '../../api/request-ctx.ts';
import {
  cabinetReaders,
  groupCandidates,
  memberCandidates,
  readableCabinetsOf,
} from './access.service.ts';

const tags = ['cabinets'];

export const accessRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.route({
    ...routeOf(e.access, { tags, summary: 'キャビネットの書類を閲覧できるメンバーと、その理由' }),
    handler: async (request) =>
      cabinetReaders(requestCtx(deps, request.auth), request.params.id, request.query),
  });

  app.route({
    ...routeOf(e.readableBy, { tags, summary: 'メンバーが閲覧できるキャビネットと、その理由' }),
    handler: async (request) => ({
      cabinets: await readableCabinetsOf(requestCtx(deps, request.auth), request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.memberCandidates, {
      tags,
      summary: '管理者に追加できるメンバー（キャビネットの管理者向け）',
    }),
    handler: async (request) =>
      memberCandidates(requestCtx(deps, request.auth), request.params.id, request.query),
  });

  app.route({
    ...routeOf(e.groupCandidates, {
      tags,
      summary: '指定できるメンバーグループ（キャビネットの管理者向け）',
    }),
    handler: async (request) => groupCandidates(requestCtx(deps, request.auth), request.params.id),
  });
};
