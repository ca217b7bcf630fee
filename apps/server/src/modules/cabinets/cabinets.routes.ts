/** Cabinet calls of spec §7. Thin: parse with the contract, call the service, answer. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cabinetEndpoints as e } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import * as service from './cabinets.service.ts';
import { cabinetDocumentRoutes } from './cabinet-documents.routes.ts';
import { classificationRuleRoutes } from './classification-rules.routes.ts';
import { accessRoutes } from './access.routes.ts';

const tags = ['cabinets'];

export const cabinetsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const ctx = (auth: service.Ctx['auth']) => ({ db: deps.database.db, auth });

  app.route({
    ...routeOf(e.create),
    // Creating cabinets is CompanyAdmin's (docs/design.md §1); checked before the body, so others learn nothing from a 400.
    preValidation: requirePermission('companyAdmin'),
    schema: {
      tags,
      summary: 'キャビネットを作成',
      body: e.create.body,
      response: { 201: e.create.response },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ cabinet: await service.createCabinet(ctx(request.auth), request.body) }),
  });

  app.route({
    ...routeOf(e.find),
    schema: {
      tags,
      summary: 'アクセスできるキャビネットの一覧',
      response: { 200: e.find.response },
    },
    handler: async (request) => ({ cabinets: await service.listCabinets(ctx(request.auth)) }),
  });

  app.route({
    ...routeOf(e.get),
    schema: {
      tags,
      summary: 'キャビネット',
      params: e.get.params,
      response: { 200: e.get.response },
    },
    handler: async (request) => {
      const c = ctx(request.auth);
      await service.loadReadable(c, request.params.id);
      return { cabinet: await service.cabinetView(c, request.params.id) };
    },
  });

  app.route({
    ...routeOf(e.update),
    schema: {
      tags,
      summary: 'キャビネット名・備考を変更',
      params: e.update.params,
      body: e.update.body,
      response: { 200: e.update.response },
    },
    handler: async (request) => ({
      cabinet: await service.updateCabinet(ctx(request.auth), request.params.id, request.body),
    }),
  });

  app.route({
    ...routeOf(e.delete),
    schema: {
      tags,
      summary: 'キャビネットを削除（書類の紐付けは解除され、書類は「すべての書類」に残る）',
      params: e.delete.params,
      response: { 200: e.delete.response },
    },
    handler: async (request) => ({
      ok: true as const,
      unlinkedDocumentCount: await service.deleteCabinet(ctx(request.auth), request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.addMemberGroups),
    schema: {
      tags,
      summary: '閲覧できるメンバーグループを追加',
      params: e.addMemberGroups.params,
      body: e.addMemberGroups.body,
      response: { 200: e.addMemberGroups.response },
    },
    handler: async (request) => ({
      cabinet: await service.addMemberGroups(
        ctx(request.auth),
        request.params.id,
        request.body.memberGroupIds,
      ),
    }),
  });

  app.route({
    ...routeOf(e.removeMemberGroup),
    schema: {
      tags,
      summary: '閲覧できるメンバーグループを外す',
      params: e.removeMemberGroup.params,
      body: e.removeMemberGroup.body,
      response: { 200: e.removeMemberGroup.response },
    },
    handler: async (request) => ({
      cabinet: await service.removeMemberGroup(
        ctx(request.auth),
        request.params.id,
        request.body.memberGroupId,
      ),
    }),
  });

  app.route({
    ...routeOf(e.addAdmins),
    schema: {
      tags,
      summary: '管理者を追加',
      params: e.addAdmins.params,
      body: e.addAdmins.body,
      response: { 200: e.addAdmins.response },
    },
    handler: async (request) => ({
      cabinet: await service.addAdmins(ctx(request.auth), request.params.id, request.body.userIds),
    }),
  });

  app.route({
    ...routeOf(e.removeAdmins),
    schema: {
      tags,
      summary: '管理者を外す',
      params: e.removeAdmins.params,
      body: e.removeAdmins.body,
      response: { 200: e.removeAdmins.response },
    },
    handler: async (request) => ({
      cabinet: await service.removeAdmins(
        ctx(request.auth),
        request.params.id,
        request.body.userIds,
      ),
    }),
  });

  await app.register(cabinetDocumentRoutes, { deps });
  await app.register(classificationRuleRoutes, { deps });
  await app.register(accessRoutes, { deps });
};
