/** Cabinet calls of spec §7. Thin: parse with the contract, call the service, answer. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCabinetAdminsRequest,
  ZCabinetMemberGroupDeleteRequest,
  ZCabinetMemberGroupsRequest,
  ZCabinetResponse,
  ZCreateCabinetRequest,
  ZDeleteCabinetResponse,
  ZFindCabinetsResponse,
  ZIdParams,
  ZUpdateCabinetRequest,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import * as service from './cabinets.service.ts';
import { cabinetDocumentRoutes } from './cabinet-documents.routes.ts';
import { classificationRuleRoutes } from './classification-rules.routes.ts';
import { accessRoutes } from './access.routes.ts';

const tags = ['cabinets'];

export const cabinetsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const ctx = (auth: service.Ctx['auth']) => ({ db: deps.database.db, auth });

  app.post(
    '/cabinets',
    {
      // Creating cabinets is CompanyAdmin's (docs/design.md §1); checked before the body, so others learn nothing from a 400.
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags,
        summary: 'キャビネットを作成',
        body: ZCreateCabinetRequest,
        response: { 201: ZCabinetResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ cabinet: await service.createCabinet(ctx(request.auth), request.body) }),
  );

  app.get(
    '/cabinets',
    {
      schema: {
        tags,
        summary: 'アクセスできるキャビネットの一覧',
        response: { 200: ZFindCabinetsResponse },
      },
    },
    async (request) => ({ cabinets: await service.listCabinets(ctx(request.auth)) }),
  );

  app.get(
    '/cabinets/:id',
    {
      schema: {
        tags,
        summary: 'キャビネット',
        params: ZIdParams,
        response: { 200: ZCabinetResponse },
      },
    },
    async (request) => {
      const c = ctx(request.auth);
      await service.loadReadable(c, request.params.id);
      return { cabinet: await service.cabinetView(c, request.params.id) };
    },
  );

  app.put(
    '/cabinets/:id',
    {
      schema: {
        tags,
        summary: 'キャビネット名・備考を変更',
        params: ZIdParams,
        body: ZUpdateCabinetRequest,
        response: { 200: ZCabinetResponse },
      },
    },
    async (request) => ({
      cabinet: await service.updateCabinet(ctx(request.auth), request.params.id, request.body),
    }),
  );

  app.delete(
    '/cabinets/:id',
    {
      schema: {
        tags,
        summary: 'キャビネットを削除（書類の紐付けは解除され、書類は「すべての書類」に残る）',
        params: ZIdParams,
        response: { 200: ZDeleteCabinetResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      unlinkedDocumentCount: await service.deleteCabinet(ctx(request.auth), request.params.id),
    }),
  );

  app.put(
    '/cabinets/:id/member_groups',
    {
      schema: {
        tags,
        summary: '閲覧できるメンバーグループを追加',
        params: ZIdParams,
        body: ZCabinetMemberGroupsRequest,
        response: { 200: ZCabinetResponse },
      },
    },
    async (request) => ({
      cabinet: await service.addMemberGroups(
        ctx(request.auth),
        request.params.id,
        request.body.memberGroupIds,
      ),
    }),
  );

  app.delete(
    '/cabinets/:id/member_groups',
    {
      schema: {
        tags,
        summary: '閲覧できるメンバーグループを外す',
        params: ZIdParams,
        body: ZCabinetMemberGroupDeleteRequest,
        response: { 200: ZCabinetResponse },
      },
    },
    async (request) => ({
      cabinet: await service.removeMemberGroup(
        ctx(request.auth),
        request.params.id,
        request.body.memberGroupId,
      ),
    }),
  );

  app.post(
    '/cabinets/:id/admins',
    {
      schema: {
        tags,
        summary: '管理者を追加',
        params: ZIdParams,
        body: ZCabinetAdminsRequest,
        response: { 200: ZCabinetResponse },
      },
    },
    async (request) => ({
      cabinet: await service.addAdmins(ctx(request.auth), request.params.id, request.body.userIds),
    }),
  );

  app.delete(
    '/cabinets/:id/admins',
    {
      schema: {
        tags,
        summary: '管理者を外す',
        params: ZIdParams,
        body: ZCabinetAdminsRequest,
        response: { 200: ZCabinetResponse },
      },
    },
    async (request) => ({
      cabinet: await service.removeAdmins(
        ctx(request.auth),
        request.params.id,
        request.body.userIds,
      ),
    }),
  );

  await app.register(cabinetDocumentRoutes, { deps });
  await app.register(classificationRuleRoutes, { deps });
  await app.register(accessRoutes, { deps });
};
