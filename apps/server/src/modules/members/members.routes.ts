import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberEndpoints as e, ZErrorBody, type TMember } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import { itemBeforeBody } from '../../api/item-before-body.ts';
import * as service from './members.service.ts';
import * as credentials from './member-credentials.service.ts';
import { deactivateMember, restoreMember } from './member-status.service.ts';
import { deleteMember, getHoldings } from './member-offboarding.service.ts';

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

type App = Parameters<FastifyPluginAsyncZod>[0];

export const membersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.route({
    ...routeOf(e.find, {
      tags: ['members'],
      summary: 'メンバー一覧（50件ずつ。page=-1 ですべて）',
      errors,
    }),
    // Known before the query is read: only a company admin, or a cabinet admin naming a cabinet, may list;
    // anyone else gets 403 rather than a 400 that describes the query (the cabinet is checked in the handler).
    preValidation: requirePermission('companyAdminOrNamedCabinet'),
    handler: async (request, reply) => {
      const result = await service.findMembers(deps, request.auth, request.query);
      if (result.kind === 'stream') {
        // A stream skips the response serializer; the service maps its rows exactly as a page's.
        return reply
          .type('application/json; charset=utf-8')
          .send(Readable.from(streamBody(result.total, result.stream)) as never);
      }
      return { members: result.members, total: result.total };
    },
  });

  app.route({
    ...routeOf(e.get, { tags: ['members'], summary: 'メンバーの詳細', errors }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => {
      return { user: await service.getMember(deps, request.auth, request.params.id) };
    },
  });

  app.route({
    ...routeOf(e.create, {
      tags: ['members'],
      summary: 'メンバーを追加し、パスワード設定メールを送る',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request, reply) => {
      const user = await service.createMember(deps, request.auth, request.body);
      return reply.status(201).send({ user });
    },
  });

  app.route({
    ...routeOf(e.update, {
      tags: ['members'],
      summary: 'メンバーを更新（省略した項目は変更なし）',
      errors,
    }),
    preValidation: [
      requirePermission('companyAdmin'),
      // 404 for another company's member before the body's 400 and the If-Match's 428.
      itemBeforeBody((request, id) => service.assertMember(deps, request.auth, id)),
    ],
    handler: async (request) => {
      return {
        user: await service.updateMember(
          deps,
          request.auth,
          request.params.id,
          request.body,
          expectedVersion(request),
        ),
      };
    },
  });

  app.route({
    ...routeOf(e.delete, {
      tags: ['members'],
      summary:
        'メンバーを削除（管理するキャビネットと送信した書類は移管先 successorId へ同じトランザクションで移す）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => {
      return deleteMember(deps, request.auth, request.params.id, request.query.successorId);
    },
  });

  app.route({
    ...routeOf(e.holdings, {
      tags: ['members'],
      summary:
        '削除前の確認: 管理するキャビネット、所属グループ、送信した書類の数、実行前の一括処理',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => ({
      holdings: await getHoldings(deps, request.auth, request.params.id),
    }),
  });

  accountRoutes(app, deps);
};

/** What an admin does to a member's account: invitation, password, MFA, 利用停止 and 利用再開. */
function accountRoutes(app: App, deps: AppDeps) {
  app.route({
    ...routeOf(e.remindRegister, {
      tags: ['members'],
      summary: '登録メールを再送（招待中のメンバーのみ）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => {
      return { user: await credentials.remindRegister(deps, request.auth, request.params.id) };
    },
  });

  app.route({
    ...routeOf(e.passwordReset, {
      tags: ['members'],
      summary: 'パスワード再設定メールを送る（メンバーのログイン中のブラウザはログアウト）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => ({
      user: await credentials.sendPasswordReset(deps, request.auth, request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.resetMfa, { tags: ['members'], summary: '2要素認証をリセット', errors }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => {
      return { user: await credentials.resetMfa(deps, request.auth, request.params.id) };
    },
  });

  app.route({
    ...routeOf(e.deactivate, {
      tags: ['members'],
      summary: '利用停止（ログイン不可・ログイン中のブラウザとトークンは即時無効。データは残る）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => ({
      user: await deactivateMember(deps, request.auth, request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.restore, {
      tags: ['members'],
      summary: '利用再開（利用停止中のメンバーのみ）',
      errors,
    }),
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) => ({
      user: await restoreMember(deps, request.auth, request.params.id),
    }),
  });
}
