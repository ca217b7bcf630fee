import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ipRestrictionEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requirePermission } from '../../api/plugins/permissions.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import { readCsvUpload } from '../../lib/http/csv-upload.ts';
import { contentDisposition } from '../../lib/http/content-disposition.ts';
import { csvContentType } from '../../lib/csv/stringify.ts';
import { jstFileStamp } from './ip-restriction.words.ts';
import * as service from './ip-restriction.service.ts';
import { readRangesCsv, writeRangesCsv } from './ip-restriction.csv.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['ip-restriction'];
/** A list of 200 ranges with memos is a few kilobytes; anything near this is not one. */
const CSV_MAX_BYTES = 256 * 1024;

/** 企業設定 › IPアドレス制限: company admins only, checked before the body is read. */
export const ipRestrictionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  await app.register(multipart, {
    limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    throwFileSizeLimit: true,
  });
  app.addHook('preValidation', requirePermission('companyAdmin'));

  app.route({
    ...routeOf(e.get, {
      tags,
      summary: 'IPアドレス制限の設定と、いま見えている接続元アドレス',
      errors,
    }),
    handler: async (request) => ({
      ipRestriction: await service.getRestriction(deps, request.auth),
    }),
  });

  app.route({
    ...routeOf(e.update, {
      tags,
      summary: 'IPアドレス制限を保存（自分のアドレスを含まないコンソールの制限は 400）',
      errors,
    }),
    handler: async (request) => ({
      ipRestriction: await service.updateRestriction(
        deps,
        request.auth,
        request.body,
        expectedVersion(request),
      ),
    }),
  });

  app.route({
    ...routeOf(e.preview, {
      tags,
      summary: '保存する前の影響: 過去30日に許可されていないアドレスからログインしたメンバー',
      errors,
    }),
    handler: async (request) => ({
      preview: await service.previewRestriction(deps, request.auth, request.body),
    }),
  });

  app.route({
    ...routeOf(e.exportCsv, { tags, summary: '許可するIPアドレスの一覧をCSVで書き出す' }),
    handler: async (request, reply) => {
      const { scope, encoding } = request.query;
      const current = await service.getRestriction(deps, request.auth);
      const stamp = jstFileStamp(deps.clock());
      return reply
        .header('content-type', csvContentType(encoding))
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          contentDisposition(
            'attachment',
            `許可IPアドレス_${scope}_${stamp}.csv`,
            `ip_ranges_${scope}_${stamp}.csv`,
          ),
        )
        .send(writeRangesCsv(current[scope], encoding));
    },
  });

  app.route({
    ...routeOf(e.importCsv, {
      tags,
      summary: 'CSVを読み込んで許可するIPアドレスの一覧にする（保存はしない）',
      errors,
    }),
    handler: async (request) => {
      const { stream } = await readCsvUpload(request);
      return { ranges: await readRangesCsv(stream) };
    },
  });
};
