import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentEndpoints as e } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import { listOptions, replaceOptions } from './document-attribute-options.service.ts';

/** 書類情報の設定: every member reads the items (to show and search them); company admins replace them. */
export const documentAttributeOptionsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const { db } = deps.database;
  app.route({
    ...routeOf(e.attributeOptions, {
      tags: ['documents'],
      summary: '書類情報の項目（ユーザー定義）',
    }),
    handler: async (request) => listOptions(db, request.auth.user.companyId),
  });
  app.route({
    ...routeOf(e.replaceAttributeOptions, {
      tags: ['documents'],
      summary: '書類情報の項目を置き換える（組織管理権限）',
    }),
    // Before body validation: a non-admin learns nothing from a 400.
    preValidation: requirePermission('companyAdmin'),
    handler: async (request) =>
      replaceOptions(db, request.auth, request.body, expectedVersion(request)),
  });
};
