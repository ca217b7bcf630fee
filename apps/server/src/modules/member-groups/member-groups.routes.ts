import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberGroupEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import { itemBeforeBody } from '../../api/item-before-body.ts';
import * as service from './member-groups.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
/** Before body validation: a non-admin learns nothing from a 400 (docs/design.md §1: groups are CompanyAdmin's). */

export const memberGroupsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.route({
    ...routeOf(e.find, {
      tags: ['member-groups'],
      summary: 'メンバーグループ一覧（type=user でユーザー作成のグループのみ）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => {
      // CompanyAdmin only (docs/design.md §1); cabinet admins pick groups through GET /cabinets/{id}/group_candidates.
      return service.findGroups(deps, request.auth, request.query.type === 'user');
    },
  });

  app.route({
    ...routeOf(e.create, { tags: ['member-groups'], summary: 'メンバーグループを作成', errors }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ memberGroup: await service.createGroup(deps, request.auth, request.body) }),
  });

  app.route({
    ...routeOf(e.get, { tags: ['member-groups'], summary: 'メンバーグループの詳細', errors }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => ({
      memberGroup: await service.getGroup(deps, request.auth, request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.update, {
      tags: ['member-groups'],
      summary: 'メンバーグループの名前・備考を変更',
      errors,
    }),
    preValidation: [
      requirePermission('companyAdmin'),
      // 404 for another company's group before the body's 400 and the If-Match's 428.
      itemBeforeBody((request, id) => service.getGroup(deps, request.auth, id)),
    ],
    handler: async (request) => ({
      memberGroup: await service.updateGroup(
        deps,
        request.auth,
        request.params.id,
        request.body,
        expectedVersion(request),
      ),
    }),
  });

  app.route({
    ...routeOf(e.delete, { tags: ['member-groups'], summary: 'メンバーグループを削除', errors }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => {
      await service.deleteGroup(deps, request.auth, request.params.id);
      return { ok: true as const };
    },
  });

  app.route({
    ...routeOf(e.addUsers, {
      tags: ['member-groups'],
      summary: 'メンバーグループにメンバーを追加',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => {
      const r = await service.changeMemberships(
        deps,
        request.auth,
        request.params.id,
        request.body.userIds,
        'add',
      );
      return { added: r.changed, memberGroup: r.memberGroup };
    },
  });

  app.route({
    ...routeOf(e.removeUsers, {
      tags: ['member-groups'],
      summary: 'メンバーグループからメンバーを外す',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => {
      const r = await service.changeMemberships(
        deps,
        request.auth,
        request.params.id,
        request.body.userIds,
        'remove',
      );
      return { removed: r.changed, memberGroup: r.memberGroup };
    },
  });
};
