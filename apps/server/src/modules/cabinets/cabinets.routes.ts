/** Cabinet calls of spec §7. Thin: parse with the contract, call the service, answer. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cabinetEndpoints as e } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requestCtx } from '../../api/request-ctx.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import * as service from './cabinets.service.ts';
import { cabinetDocumentRoutes } from './cabinet-documents.routes.ts';
import { classificationRuleRoutes } from './classification-rules.routes.ts';
import { accessRoutes } from './access.routes.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import { itemBeforeBody } from '../../api/item-before-body.ts';

const tags = ['cabinets'];

export const cabinetsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const ctx = (auth: service.Ctx['auth']) => requestCtx(deps, auth);

  app.route({
    ...routeOf(e.create, { tags, summary: 'キャビネットを作成' }),
    // Creating cabinets is CompanyAdmin's (docs/design.md §1); checked before the body, so others learn nothing from a 400.
    preValidation: requirePermission('companyAdmin'),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ cabinet: await service.createCabinet(ctx(request.auth), request.body) }),
  });

  app.route({
    ...routeOf(e.find, { tags, summary: 'アクセスできるキャビネットの一覧' }),
    handler: async (request) => ({ cabinets: await service.listCabinets(ctx(request.auth)) }),
  });

  app.route({
    ...routeOf(e.get, { tags, summary: 'キャビネット' }),
    handler: async (request) => {
      const c = ctx(request.auth);
      await service.loadReadable(c, request.params.id);
      return { cabinet: await service.cabinetView(c, request.params.id) };
    },
  });

  app.route({
    ...routeOf(e.update, { tags, summary: 'キャビネット名・備考を変更' }),
    // 404 (no such cabinet here) and 403 (not its admin) before the body's 400 and the If-Match's 428.
    preValidation: itemBeforeBody((request, id) => service.loadManaged(ctx(request.auth), id)),
    handler: async (request) => ({
      cabinet: await service.updateCabinet(
        ctx(request.auth),
        request.params.id,
        request.body,
        expectedVersion(request),
      ),
    }),
  });

  app.route({
    ...routeOf(e.delete, {
      tags,
      summary: 'キャビネットを削除（書類の紐付けは解除され、書類は「すべての書類」に残る）',
    }),
    handler: async (request) => ({
      ok: true as const,
      unlinkedDocumentCount: await service.deleteCabinet(ctx(request.auth), request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.addMemberGroups, { tags, summary: '閲覧できるメンバーグループを追加' }),
    handler: async (request) => ({
      cabinet: await service.addMemberGroups(
        ctx(request.auth),
        request.params.id,
        request.body.memberGroupIds,
      ),
    }),
  });

  app.route({
    ...routeOf(e.removeMemberGroup, { tags, summary: '閲覧できるメンバーグループを外す' }),
    handler: async (request) => ({
      cabinet: await service.removeMemberGroup(
        ctx(request.auth),
        request.params.id,
        request.body.memberGroupId,
      ),
    }),
  });

  app.route({
    ...routeOf(e.addAdmins, { tags, summary: '管理者を追加' }),
    handler: async (request) => ({
      cabinet: await service.addAdmins(ctx(request.auth), request.params.id, request.body.userIds),
    }),
  });

  app.route({
    ...routeOf(e.removeAdmins, { tags, summary: '管理者を外す' }),
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
