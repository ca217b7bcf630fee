/**
 * Every route of one bulk target, generated from its descriptor: templates, uploads, history, one run
 * (detail, execute/cancel, rows, result files, the uploaded file) and generated files (request, status,
 * detail, download). The target's guard runs first; another company's ids answer 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { BULK_MAX_FILE_BYTES, type TCsvEncoding } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJobStatusDto, toManipulationDto, toRowDto } from '../../bulk/bulk.dto.ts';
import { streamRowsCsv } from '../../bulk/result-csv.ts';
import { openGeneratedFile } from '../../bulk/generated-file.ts';
import { createCsvWriter, csvContentType } from '../../lib/csv/stringify.ts';
import { contentDisposition } from '../../lib/http/content-disposition.ts';
import { readCsvUpload } from '../../lib/http/csv-upload.ts';
import {
  cancelManipulation,
  executeManipulation,
  getManipulation,
  listRunRows,
  listRuns,
  requestGeneration,
  startRunFromGenerated,
  uploadCsv,
} from './bulk.service.ts';
import { bulkServiceDeps } from './bulk-service-deps.ts';
import { csvFileNames, type FileName } from '../../lib/csv/file-names.ts';
import { recordDownloadEvent } from './bulk-audit.ts';
import type { BulkGeneration, BulkTargetDescriptor } from './bulk-target.ts';
import type { ManipulationRow } from '../../bulk/bulk.types.ts';

type Reply = {
  reply: FastifyReply;
  encoding: TCsvEncoding;
  name: FileName;
  at: Date;
  body: NodeJS.ReadableStream;
  isNoStore?: boolean;
};

/** A CSV download: generated files are never cached; the uploaded file is sent as it was stored. */
function sendCsv({ reply, encoding, name, at, body, isNoStore = true }: Reply) {
  const names = csvFileNames(name, at);
  reply
    .header('content-type', csvContentType(encoding))
    .header('content-disposition', contentDisposition('attachment', names.ja, names.ascii));
  if (isNoStore) reply.header('cache-control', 'no-store');
  return reply.send(body);
}

type App = Parameters<FastifyPluginAsyncZod>[0];
/** What every route of one bulk target is made with. */
type RouteKit = {
  app: App;
  deps: AppDeps;
  t: BulkTargetDescriptor;
  svc: ReturnType<typeof bulkServiceDeps>;
  load: (
    request: FastifyRequest & { params: { id: string } },
    kinds?: readonly number[],
  ) => Promise<ManipulationRow>;
  recordDownload: (
    request: FastifyRequest,
    name: FileName,
    m?: ManipulationRow,
  ) => Promise<unknown>;
};

export const bulkRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  target: BulkTargetDescriptor;
}> = async (app, { deps, target: t }) => {
  // Scoped to this plugin: only these routes accept multipart, with the bulk limits.
  await app.register(multipart, {
    limits: { fileSize: BULK_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: false,
  });
  // Wrapped async: Fastify would wait forever for the `done` callback of a plain function hook.
  app.addHook('preValidation', async (request) => t.guard(request));
  const svc = bulkServiceDeps(deps);
  const kit: RouteKit = {
    app,
    deps,
    t,
    svc,
    load: (request, kinds) => getManipulation(svc, t, request.auth, request.params.id, kinds),
    // Every file handed out is in the audit log: who took which file of which run.
    recordDownload: (request, name, m) =>
      recordDownloadEvent(deps.database.db, request.auth, t, name[0], m),
  };

  // In the order the API document lists them.
  templateRoutes(kit);
  for (const g of t.generations) generationRoutes(kit, g);
  uploadRoutes(kit);
  runRoutes(kit);
};

/** The templates to fill in. */
function templateRoutes(kit: RouteKit) {
  const { app, deps, t, recordDownload } = kit;
  const { tags } = t;
  for (const { endpoint, columns, fileName } of t.templates ?? []) {
    app.route({
      ...routeOf(endpoint, { tags, summary: 'CSVテンプレート' }),
      handler: async (request, reply) => {
        await recordDownload(request, fileName);
        const writer = createCsvWriter(request.query.encoding);
        const header = typeof columns === 'function' ? columns(request.auth) : columns;
        void writer.write(header).then(() => writer.end());
        return sendCsv({
          reply,
          encoding: request.query.encoding,
          name: fileName,
          at: deps.clock(),
          body: writer.output,
        });
      },
    });
  }
}

/** The uploads that start a run. */
function uploadRoutes(kit: RouteKit) {
  const { app, t, svc } = kit;
  const { tags } = t;
  for (const { endpoint, kind } of t.uploads) {
    app.route({
      ...routeOf(endpoint, { tags, summary: 'CSVアップロード（multipart、フィールド filename）' }),
      handler: async (request, reply) => {
        const m = await uploadCsv(svc, t, request.auth, kind, await readCsvUpload(request));
        return reply.status(201).send({ manipulation: toManipulationDto(m) });
      },
    });
  }
}

/** One run: its history, detail, execute or cancel, rows, result files and the uploaded file. */
function runRoutes(kit: RouteKit) {
  const { app, deps, t, svc, load, recordDownload } = kit;
  const { tags } = t;
  const e = t.manipulations;
  app.route({
    ...routeOf(e.list, { tags, summary: t.historySummary }),
    handler: async (request) => {
      const { rows, total } = await listRuns(svc, t, request.auth, request.query);
      return { manipulations: rows.map(toManipulationDto), total };
    },
  });
  app.route({
    ...routeOf(e.get, { tags }),
    handler: async (request) => {
      const { kind } = request.query;
      return { manipulation: toManipulationDto(await load(request, kind ? [kind] : undefined)) };
    },
  });
  app.route({
    ...routeOf(e.update, { tags, summary: '実行または取り消し' }),
    handler: async (request) => {
      const m =
        request.body.action === 'execute'
          ? await executeManipulation(svc, t, request.auth, request.params.id)
          : await cancelManipulation(svc, t, request.auth, request.params.id);
      return { manipulation: toManipulationDto(m) };
    },
  });
  app.route({
    ...routeOf(e.rows, { tags }),
    handler: async (request) => {
      const { rows, total, subjects } = await listRunRows(
        svc,
        t,
        request.auth,
        request.params.id,
        request.query,
      );
      return { rows: rows.map((r, i) => toRowDto(r, subjects[i] ?? null)), total };
    },
  });
  for (const [endpoint, isErrors] of [
    [e.errorsCsv, true],
    [e.resultCsv, false],
  ] as const) {
    app.route({
      ...routeOf(endpoint, { tags }),
      handler: async (request, reply) => {
        const m = await load(request, t.resultKinds);
        const encoding = request.query.encoding ?? (m.encoding as TCsvEncoding);
        const name = isErrors ? t.fileNames.errors : t.fileNames.result;
        await recordDownload(request, name, m);
        return sendCsv({
          reply,
          encoding,
          name,
          at: m.createdAt,
          body: streamRowsCsv(deps.database.db, m, encoding, isErrors),
        });
      },
    });
  }
  app.route({
    ...routeOf(e.uploadedFile, { tags, summary: 'アップロードされたファイル' }),
    handler: async (request, reply) => {
      const m = await load(request, t.resultKinds);
      if (!m.inputFileKey) throw new AppError('not_found');
      await recordDownload(request, t.fileNames.upload, m);
      const body = deps.storage.read(m.inputFileKey);
      return sendCsv({
        reply,
        encoding: m.encoding as TCsvEncoding,
        name: t.fileNames.upload,
        at: m.createdAt,
        body,
        isNoStore: false,
      });
    },
  });
}

/** A generated file: request (202), status, detail, download, and a run started from it. */
function generationRoutes(kit: RouteKit, g: BulkGeneration) {
  const { app, deps, t, svc, load, recordDownload } = kit;
  const { tags } = t;
  const ge = g.endpoints;
  app.route({
    ...routeOf(ge.request, { tags, summary: g.summary }),
    handler: async (request, reply) => {
      const params = await g.params(deps, request.auth, request.body as never);
      const m = await requestGeneration(svc, t, g, request.auth, request.body, params);
      return reply.status(202).send({ manipulation: toManipulationDto(m) });
    },
  });
  app.route({
    ...routeOf(ge.status, { tags }),
    handler: async (request) => {
      const m = await load(request, [g.kind]);
      return toJobStatusDto(m);
    },
  });
  app.route({
    ...routeOf(ge.get, { tags }),
    handler: async (request) => ({
      manipulation: toManipulationDto(await load(request, [g.kind])),
    }),
  });
  if (g.startsRun)
    app.route({
      ...routeOf(g.startsRun.endpoint, { tags, summary: '作成したファイルで一括操作を始める' }),
      handler: async (request, reply) => {
        const name = csvFileNames(g.fileName, deps.clock()).ja;
        const m = await startRunFromGenerated(svc, t, request.auth, g, request.params.id, name);
        return reply.status(201).send({ manipulation: toManipulationDto(m) });
      },
    });
  app.route({
    ...routeOf(ge.csv, { tags }),
    handler: async (request, reply) => {
      const { run, body } = await openGeneratedFile(deps, await load(request, [g.kind]), (m) =>
        recordDownload(request, g.fileName, m),
      );
      return sendCsv({
        reply,
        encoding: run.encoding as TCsvEncoding,
        name: g.fileName,
        at: run.createdAt,
        body,
      });
    },
  });
}
