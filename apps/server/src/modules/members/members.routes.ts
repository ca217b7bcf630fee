import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateUserRequest,
  ZErrorBody,
  ZFindMembersQuery,
  ZFindMembersResponse,
  ZIdParams,
  ZOk,
  ZUpdateUserRequest,
  ZUserResponse,
  type TMember,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import * as service from './members.service.ts';
import { deactivateMember, restoreMember } from './member-status.service.ts';

/** Before body validation, so a non-admin learns nothing from a 400 (docs/design.md §1: members are CompanyAdmin's). */
const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** `{"members":[…],"total":n}` written batch by batch: page=-1 never holds the whole list in memory. */
async function* streamBody(total: number, batches: AsyncGenerator<TMember[]>) {
  yield '{"members":[';
  let first = true;
  for await (const batch of batches) {
    const text = batch.map((member) => JSON.stringify(member)).join(',');
    yield first ? text : `,${text}`;
    first = false;
  }
  yield `],"total":${total}}`;
}

export const membersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/members',
    {
      // Known before the query is read: only a company admin, or a cabinet admin naming a cabinet, may list;
      // anyone else gets 403 rather than a 400 that describes the query (the cabinet is checked in the handler).
      preValidation: requirePermission('companyAdminOrNamedCabinet'),
      schema: {
        tags: ['members'],
        summary: 'メンバー一覧（50件ずつ。page=-1 ですべて）',
        querystring: ZFindMembersQuery,
        response: { 200: ZFindMembersResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.findMembers(deps, request.auth, request.query);
      if (result.kind === 'stream') {
        // A stream skips the response serializer; the service maps its rows exactly as a page's.
        return reply
          .type('application/json; charset=utf-8')
          .send(Readable.from(streamBody(result.total, result.stream)) as never);
      }
      return { members: result.members, total: result.total };
    },
  );

  app.get(
    '/users/:id',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['members'],
        summary: 'メンバーの詳細',
        params: ZIdParams,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request) => {
      return { user: await service.getMember(deps, request.auth, request.params.id) };
    },
  );

  app.post(
    '/users',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['members'],
        summary: 'メンバーを追加し、パスワード設定メールを送る',
        body: ZCreateUserRequest,
        response: { 201: ZUserResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await service.createMember(deps, request.auth, request.body);
      return reply.status(201).send({ user });
    },
  );

  app.put(
    '/users/:id',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['members'],
        summary: 'メンバーを更新（省略した項目は変更なし）',
        params: ZIdParams,
        body: ZUpdateUserRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request) => {
      return {
        user: await service.updateMember(deps, request.auth, request.params.id, request.body),
      };
    },
  );

  app.delete(
    '/users/:id',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['members'],
        summary: 'メンバーを削除',
        params: ZIdParams,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await service.deleteMember(deps, request.auth, request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/users/:id/remind_register',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['members'],
        summary: '登録メールを再送（招待中のメンバーのみ）',
        params: ZIdParams,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request) => {
      return { user: await service.remindRegister(deps, request.auth, request.params.id) };
    },
  );

  app.put(
    '/users/:id/password_reset',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['members'],
        summary: 'パスワード再設定メールを送る（メンバーのログイン中のブラウザはログアウト）',
        params: ZIdParams,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request) => ({
      user: await service.sendPasswordReset(deps, request.auth, request.params.id),
    }),
  );

  app.delete(
    '/users/:id/mfa',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['members'],
        summary: '2要素認証をリセット',
        params: ZIdParams,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request) => {
      return { user: await service.resetMfa(deps, request.auth, request.params.id) };
    },
  );

  app.put(
    '/users/:id/deactivate',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['members'],
        summary: '利用停止（ログイン不可・ログイン中のブラウザとトークンは即時無効。データは残る）',
        params: ZIdParams,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request) => ({
      user: await deactivateMember(deps, request.auth, request.params.id),
    }),
  );

  app.put(
    '/users/:id/restore',
    {
      preValidation: requirePermission('companyAdmin'),
      schema: {
        tags: ['members'],
        summary: '利用再開（利用停止中のメンバーのみ）',
        params: ZIdParams,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request) => ({
      user: await restoreMember(deps, request.auth, request.params.id),
    }),
  );
};
