import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { provisioningLeaversEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import * as service from './leavers.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['provisioning'];
const ADMIN = requirePermission('companyAdmin', {
  message: '退職者の引き継ぎと保留中の利用停止は、組織管理権限を持つメンバーのみ利用できます。',
});

/** 退職者の引き継ぎ and the deactivations held by the brake: company admins only, checked before the body. */
export const provisioningLeaversRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.route({
    ...routeOf(e.settings, { tags, summary: '退職者の移管先の決め方と、利用停止の上限', errors }),
    preValidation: ADMIN,
    handler: async (request) => ({
      settings: await service.getLeaverSettings(deps, request.auth),
    }),
  });

  app.route({
    ...routeOf(e.updateSettings, {
      tags,
      summary: '退職者の移管先の決め方と利用停止の上限を変更（If-Match の version が古いと 409）',
      errors,
    }),
    preValidation: ADMIN,
    handler: async (request) => ({
      settings: await service.updateLeaverSettings(
        deps,
        request.auth,
        request.body,
        expectedVersion(request),
      ),
    }),
  });

  app.route({
    ...routeOf(e.queue, {
      tags,
      summary: '保留中の利用停止（プロビジョニングによるもの）',
      errors,
    }),
    preValidation: ADMIN,
    handler: async (request) => ({ queue: await service.getQueue(deps, request.auth) }),
  });

  app.route({
    ...routeOf(e.apply, {
      tags,
      summary: '保留中の利用停止を適用する（指定したもの、またはすべて）',
      errors,
    }),
    preValidation: ADMIN,
    handler: async (request) =>
      service.applyQueued(deps, request.auth, request.body.all ? null : (request.body.ids ?? [])),
  });

  app.route({
    ...routeOf(e.cancel, {
      tags,
      summary: '保留中の利用停止を取り消す（指定したもの、またはすべて）',
      errors,
    }),
    preValidation: ADMIN,
    handler: async (request) =>
      service.cancelQueued(deps, request.auth, request.body.all ? null : (request.body.ids ?? [])),
  });
};
