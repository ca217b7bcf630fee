/**
 * A third bulk target is a descriptor and a checker: registering this tiny fake one yields every route of
 * the shared module (and only those), behind the target's own guard. No database: the one write these
 * routes make themselves (a download's audit event) lands in `recorded`.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import {
  bulkGenerationEndpoints,
  BulkKind,
  bulkManipulationEndpoints,
  bulkTemplateEndpoint,
  bulkUploadEndpoint,
  ERROR_CODES,
  ZMemberCsvRequest,
} from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import type { AppDeps } from '../../deps.ts';
import { installErrorHandling } from '../../lib/http/error-handler.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { bulkRoutes } from './bulk.routes.ts';
import { generation, type BulkTargetDescriptor } from './bulk-target.ts';

// The target id is a column value; a real third target adds its name to BulkTarget (bulk.types.ts).
const groupsTarget: BulkTargetDescriptor = {
  target: 'members',
  name: 'group-bulk',
  label: 'group bulk',
  tags: ['group-bulk'],
  guard: requirePermission('companyAdmin'),
  noun: '一括登録',
  manipulations: bulkManipulationEndpoints('/groups/bulk_manipulations'),
  historySummary: '一括登録の履歴',
  uploads: [{ endpoint: bulkUploadEndpoint('/groups/bulk_add'), kind: BulkKind.Add }],
  templates: [
    {
      endpoint: bulkTemplateEndpoint('/groups/bulk_add/csv_template'),
      columns: ['グループ名'],
      fileName: ['グループ一括登録テンプレート', 'group_bulk_add_template'],
    },
  ],
  generations: [
    generation({
      kind: BulkKind.Export,
      endpoints: bulkGenerationEndpoints('/groups/export/csv', '/groups/export', ZMemberCsvRequest),
      fileName: ['グループ一覧', 'groups'],
      params: async () => ({}),
    }),
  ],
  fileNames: { errors: ['e', 'e'], result: ['r', 'r'], upload: ['u', 'u'] },
  checker: async () => ({
    columns: { allowed: ['グループ名'], required: ['グループ名'] },
    checkBatch: async () => [],
    finish: async () => [],
  }),
  executor: () => ({ executableActions: ['add'], applyBatch: async () => [] }),
  exporter: async () => {},
};

async function appWith(target: BulkTargetDescriptor, isCompanyAdmin: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const routes: string[] = [];
  app.addHook('onRoute', (r) => void routes.push(`${String(r.method)} ${r.url}`));
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    request.auth = {
      isCompanyAdmin,
      user: { id: 'u-1', name: '管理 者', email: 'admin@example.com', companyId: 'c-1' },
    } as AuthContext;
  });
  const recorded: Record<string, unknown>[] = [];
  const db = {
    insert: () => ({ values: async (rows: typeof recorded) => recorded.push(...rows) }),
  };
  await app.register(bulkRoutes, {
    deps: {
      clock: () => new Date('2026-01-05T15:30:00Z'),
      database: { db },
    } as unknown as AppDeps,
    target,
  });
  await app.ready();
  return { app, routes, recorded };
}

describe('a bulk target is a descriptor', () => {
  it('registers the whole set of routes from the descriptor, and nothing else', async () => {
    const { app, routes } = await appWith(groupsTarget, true);
    expect(routes.filter((r) => !r.startsWith('HEAD')).sort()).toEqual([
      'GET /groups/bulk_add/csv_template',
      'GET /groups/bulk_manipulations',
      'GET /groups/bulk_manipulations/:id',
      'GET /groups/bulk_manipulations/:id/errors.csv',
      'GET /groups/bulk_manipulations/:id/file',
      'GET /groups/bulk_manipulations/:id/result.csv',
      'GET /groups/bulk_manipulations/:id/rows',
      'GET /groups/export/:id',
      'GET /groups/export/:id/csv',
      'GET /groups/export/:id/status',
      'POST /groups/bulk_add',
      'POST /groups/export/csv',
      'PUT /groups/bulk_manipulations/:id',
    ]);
    await app.close();
  });

  it("answers the target's guard first: 403 before any 400 on a bad body", async () => {
    const { app } = await appWith(groupsTarget, false);
    const res = await app.inject({
      method: 'PUT',
      url: '/groups/bulk_manipulations/not-a-uuid',
      payload: { action: 'nope' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'forbidden', message: ERROR_CODES.forbidden.message, requestId: 'req-1' },
    });
    await app.close();
  });

  it('the template comes from the descriptor: its columns, its names, stamped in JST', async () => {
    const { app, recorded } = await appWith({ ...groupsTarget, guard: () => {} }, false);
    const res = await app.inject({
      method: 'GET',
      url: '/groups/bulk_add/csv_template?encoding=utf8bom',
    });
    expect(recorded).toMatchObject([
      {
        companyId: 'c-1',
        actorId: 'u-1',
        actorEmail: 'admin@example.com',
        action: 'bulk.fileDownloaded',
        details: { file: 'グループ一括登録テンプレート' },
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFグループ名\r\n');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="group_bulk_add_template_20260106-0030.csv"; filename*=UTF-8''${encodeURIComponent('グループ一括登録テンプレート_20260106-0030.csv')}`,
    );
    await app.close();
  });
});
