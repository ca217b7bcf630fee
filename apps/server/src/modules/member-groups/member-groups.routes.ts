import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateMemberGroupRequest,
  ZErrorBody,
  ZFindMemberGroupsQuery,
  ZFindMemberGroupsResponse,
  ZIdParams,
  ZMemberGroupResponse,
  ZMemberGroupUsersAddedResponse,
  ZMemberGroupUsersRemovedResponse,
  ZMemberGroupUsersRequest,
  ZOk,
  ZUpdateMemberGroupRequest,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import * as service from './member-groups.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
/** Before body validation: a non-admin learns nothing from a 400 (docs/design.md §1: groups are CompanyAdmin's). */

export const memberGroupsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/member_groups',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['member-groups'],
        summary: 'メンバーグループ一覧（type=user でユーザー作成のグループのみ）',
        querystring: ZFindMemberGroupsQuery,
        response: { 200: ZFindMemberGroupsResponse, ...errors },
      },
    },
    async (request) => {
      // CompanyAdmin only (docs/design.md §1); cabinet admins pick groups through GET /cabinets/{id}/group_candidates.
      return service.findGroups(deps, request.auth, request.query.type === 'user');
    },
  );

  app.post(
    '/member_groups',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['member-groups'],
        summary: 'メンバーグループを作成',
        body: ZCreateMemberGroupRequest,
        response: { 201: ZMemberGroupResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ memberGroup: await service.createGroup(deps, request.auth, request.body) }),
  );

  app.get(
    '/member_groups/:id',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['member-groups'],
        summary: 'メンバーグループの詳細',
        params: ZIdParams,
        response: { 200: ZMemberGroupResponse, ...errors },
      },
    },
    async (request) => ({
      memberGroup: await service.getGroup(deps, request.auth, request.params.id),
    }),
  );

  app.put(
    '/member_groups/:id',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['member-groups'],
        summary: 'メンバーグループの名前・備考を変更',
        params: ZIdParams,
        body: ZUpdateMemberGroupRequest,
        response: { 200: ZMemberGroupResponse, ...errors },
      },
    },
    async (request) => ({
      memberGroup: await service.updateGroup(deps, request.auth, request.params.id, request.body),
    }),
  );

  app.delete(
    '/member_groups/:id',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['member-groups'],
        summary: 'メンバーグループを削除',
        params: ZIdParams,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await service.deleteGroup(deps, request.auth, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/member_groups/:id/users',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['member-groups'],
        summary: 'メンバーグループにメンバーを追加',
        params: ZIdParams,
        body: ZMemberGroupUsersRequest,
        response: { 200: ZMemberGroupUsersAddedResponse, ...errors },
      },
    },
    async (request) => {
      const r = await service.changeMemberships(
        deps,
        request.auth,
        request.params.id,
        request.body.userIds,
        'add',
      );
      return { added: r.changed, memberGroup: r.memberGroup };
    },
  );

  app.delete(
    '/member_groups/:id/users',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['member-groups'],
        summary: 'メンバーグループからメンバーを外す',
        params: ZIdParams,
        body: ZMemberGroupUsersRequest,
        response: { 200: ZMemberGroupUsersRemovedResponse, ...errors },
      },
    },
    async (request) => {
      const r = await service.changeMemberships(
        deps,
        request.auth,
        request.params.id,
        request.body.userIds,
        'remove',
      );
      return { removed: r.changed, memberGroup: r.memberGroup };
    },
  );
};
