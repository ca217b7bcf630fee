/** まとめてダウンロード (issue 35): start the ZIP job, follow it, fetch the archive. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentDownloadEndpoints as e, ZErrorBody } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requestCtx } from '../../api/request-ctx.ts';
import { toJobStatusDto, toManipulationDto } from '../../bulk/bulk.dto.ts';
import { contentDisposition } from '../../lib/http/content-disposition.ts';
import { jstFileStamp } from '../../lib/time/jst.ts';
import {
  assertMayBulkDownload,
  getDownload,
  openDownload,
  requestDownload,
  type Ctx,
} from './document-download.service.ts';

const errors = { 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['documents'];

/**
 * An archive a job made, sent once: named `<name>_<JST stamp>.zip` (Japanese, with an ASCII fallback for old
 * clients), never cached.
 */
export function sendZip(
  reply: FastifyReply,
  body: NodeJS.ReadableStream,
  [ja, ascii]: readonly [string, string],
  at: Date,
) {
  const stamp = jstFileStamp(at);
  return reply
    .header('content-type', 'application/zip')
    .header(
      'content-disposition',
      contentDisposition('attachment', `${ja}_${stamp}.zip`, `${ascii}_${stamp}.zip`),
    )
    .header('cache-control', 'no-store')
    .send(body);
}

/** What the download's services and the tax-audit pack's take: the request's Ctx and the runs' database, queue, storage. */
export const downloadCtx = (deps: AppDeps, auth: Ctx['auth']): Ctx => ({
  ...requestCtx(deps, auth),
  database: deps.database,
  jobs: deps.jobs,
  storage: deps.storage,
});

export const documentDownloadRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const ctx = (auth: Ctx['auth']) => downloadCtx(deps, auth);
  // Before the body is read: a member the company setting keeps out learns nothing from a 400.
  const guard = async (request: { auth: Parameters<typeof assertMayBulkDownload>[0] }) =>
    assertMayBulkDownload(request.auth);

  app.route({
    ...routeOf(e.request, {
      tags,
      summary:
        '検索結果・キャビネットの書類のまとめてダウンロード（PDFとmanifest.csvのZIPをジョブで作成）',
      errors: { ...errors, 429: ZErrorBody },
    }),
    preValidation: guard,
    handler: async (request, reply) => {
      const m = await requestDownload(ctx(request.auth), request.body);
      return reply.status(202).send({ manipulation: toManipulationDto(m) });
    },
  });

  app.route({
    ...routeOf(e.status, { tags, summary: 'まとめてダウンロードの進み具合', errors }),
    preValidation: guard,
    handler: async (request) => {
      const m = await getDownload(ctx(request.auth), request.params.id);
      return toJobStatusDto(m);
    },
  });

  app.route({
    ...routeOf(e.zip, { tags, summary: 'まとめてダウンロードのZIPファイル' }),
    preValidation: guard,
    handler: async (request, reply) => {
      const { run, body } = await openDownload(ctx(request.auth), request.params.id);
      return sendZip(reply, body, ['書類', 'documents'], run.createdAt);
    },
  });
};
