/**
 * Bulk member operations (spec §7, DESIGN.md §3): templates, uploads, history, rows, execute/cancel,
 * export and edit template. Company admins only; another company's ids answer 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  BULK_MAX_FILE_BYTES,
  BulkKind,
  MEMBER_ADD_COLUMNS,
  MEMBER_DELETE_COLUMNS,
  ZBulkManipulationList,
  ZBulkManipulationListQuery,
  ZBulkManipulationResponse,
  ZBulkRowsQuery,
  ZBulkRowsResponse,
  ZBulkStatusResponse,
  ZBulkUpdateBody,
  ZEncodingQuery,
  ZIdParams,
  ZMemberCsvRequest,
  type TCsvEncoding,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { adminOnly } from '../plugins/authenticate.ts';
import { findRows, listManipulations } from '../../bulk/bulk.repository.ts';
import { toManipulationDto, toRowDto } from '../../bulk/bulk.dto.ts';
import { streamRowsCsv } from '../../bulk/result-csv.ts';
import { createCsvWriter, csvContentType } from '../../lib/csv/stringify.ts';
import { contentDisposition } from '../../lib/http/content-disposition.ts';
import type { ManipulationRow } from '../../bulk/bulk.types.ts';
import { cancelManipulation, executeManipulation, getManipulation, requestMembersCsv, uploadCsv } from './member-bulk.service.ts';
import { csvFileNames } from './member-bulk.files.ts';
import { readCsvUpload } from '../../lib/http/csv-upload.ts';

const UPLOAD_KINDS: Record<string, number> = { bulk_add: BulkKind.Add, bulk_edit: BulkKind.Edit, bulk_delete: BulkKind.Delete };
const tags = ['member-bulk'];

function sendCsv(reply: FastifyReply, encoding: TCsvEncoding, names: { ja: string; ascii: string }, body: NodeJS.ReadableStream) {
  return reply
    .header('content-type', csvContentType(encoding))
    .header('content-disposition', contentDisposition('attachment', names.ja, names.ascii))
    .header('cache-control', 'no-store')
    .send(body);
}

export const memberBulkRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Scoped to this plugin: only these routes accept multipart, with the bulk limits (DESIGN.md §3).
  await app.register(multipart, { limits: { fileSize: BULK_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: false });
  // preValidation: a caller without the privilege gets 403 before any 400 that would describe the route.
  app.addHook('preValidation', adminOnly);

  const templateRoute = (kind: 'bulk_add' | 'bulk_delete', columns: readonly string[]) =>
    app.get(`/members/${kind}/csv_template`, { schema: { tags, summary: 'CSVテンプレート', querystring: ZEncodingQuery } }, async (request, reply) => {
      const writer = createCsvWriter(request.query.encoding);
      void writer.write(columns).then(() => writer.end());
      return sendCsv(reply, request.query.encoding, csvFileNames(kind === 'bulk_add' ? 'addTemplate' : 'deleteTemplate', deps.clock()), writer.output);
    });
  templateRoute('bulk_add', MEMBER_ADD_COLUMNS);
  templateRoute('bulk_delete', MEMBER_DELETE_COLUMNS);

  for (const [path, kind] of Object.entries(UPLOAD_KINDS)) {
    app.post(`/members/${path}`, { schema: { tags, summary: 'CSVアップロード（multipart、フィールド filename）', response: { 201: ZBulkManipulationResponse } } }, async (request, reply) => {
      const m = await uploadCsv(deps, request.auth, kind, await readCsvUpload(request));
      return reply.status(201).send({ manipulation: toManipulationDto(m) });
    });
  }

  app.get('/members/bulk_manipulations', { schema: { tags, summary: '一括操作の履歴', querystring: ZBulkManipulationListQuery, response: { 200: ZBulkManipulationList } } }, async (request) => {
    const { rows, total } = await listManipulations(deps.database.db, { companyId: request.auth.company.id, target: 'members' }, request.query);
    return { manipulations: rows.map(toManipulationDto), total };
  });

  app.get('/members/bulk_manipulations/:id', { schema: { tags, params: ZIdParams, response: { 200: ZBulkManipulationResponse } } }, async (request) => ({
    manipulation: toManipulationDto(await getManipulation(deps, request.auth, request.params.id)),
  }));

  app.put('/members/bulk_manipulations/:id', { schema: { tags, summary: '実行または取り消し', params: ZIdParams, body: ZBulkUpdateBody, response: { 200: ZBulkManipulationResponse } } }, async (request) => {
    const m = request.body.action === 'execute'
      ? await executeManipulation(deps, request.auth, request.params.id)
      : await cancelManipulation(deps, request.auth, request.params.id);
    return { manipulation: toManipulationDto(m) };
  });

  app.get('/members/bulk_manipulations/:id/rows', { schema: { tags, params: ZIdParams, querystring: ZBulkRowsQuery, response: { 200: ZBulkRowsResponse } } }, async (request) => {
    const m = await getManipulation(deps, request.auth, request.params.id);
    const { rows, total } = await findRows(deps.database.db, m.id, request.query);
    return { rows: rows.map(toRowDto), total };
  });

  const rowsCsvRoute = (suffix: 'errors.csv' | 'result.csv') =>
    app.get(`/members/bulk_manipulations/:id/${suffix}`, { schema: { tags, params: ZIdParams, querystring: ZEncodingQuery.partial() } }, async (request, reply) => {
      const m = await getManipulation(deps, request.auth, request.params.id);
      const encoding = request.query.encoding ?? (m.encoding as TCsvEncoding);
      const isErrors = suffix === 'errors.csv';
      return sendCsv(reply, encoding, csvFileNames(isErrors ? 'errors' : 'result', m.createdAt), streamRowsCsv(deps.database.db, m, encoding, isErrors));
    });
  rowsCsvRoute('errors.csv');
  rowsCsvRoute('result.csv');

  app.get('/members/bulk_manipulations/:id/file', { schema: { tags, summary: 'アップロードされたファイル', params: ZIdParams } }, async (request, reply) => {
    const m = await getManipulation(deps, request.auth, request.params.id);
    if (!m.inputFileKey) throw new AppError('not_found');
    const names = csvFileNames('upload', m.createdAt);
    return reply
      .header('content-type', csvContentType(m.encoding as TCsvEncoding))
      .header('content-disposition', contentDisposition('attachment', names.ja, names.ascii))
      .send(deps.storage.read(m.inputFileKey));
  });

  const generated = (base: string, kind: typeof BulkKind.Export | typeof BulkKind.GenerateEditTemplate) => {
    const load = (request: { auth: FastifyRequest['auth']; params: { id: string } }) => getManipulation(deps, request.auth, request.params.id, [kind]);
    app.post(base === '/members/export' ? '/members/export/csv' : base, { schema: { tags, body: ZMemberCsvRequest, response: { 202: ZBulkManipulationResponse } } }, async (request, reply) => {
      const m = await requestMembersCsv(deps, request.auth, kind, request.body.filters, request.body.encoding);
      return reply.status(202).send({ manipulation: toManipulationDto(m) });
    });
    app.get(`${base}/:id/status`, { schema: { tags, params: ZIdParams, response: { 200: ZBulkStatusResponse } } }, async (request) => {
      const m = await load(request);
      return { id: m.id, status: m.status, processedRows: m.processedRows, totalRows: m.totalRows };
    });
    app.get(`${base}/:id`, { schema: { tags, params: ZIdParams, response: { 200: ZBulkManipulationResponse } } }, async (request) => ({
      manipulation: toManipulationDto(await load(request)),
    }));
    app.get(`${base}/:id/csv`, { schema: { tags, params: ZIdParams } }, async (request, reply) => {
      const m: ManipulationRow = await load(request);
      if (!m.outputFileKey) throw new AppError('invalid_state', 'ファイルはまだ作成中です。しばらくしてからダウンロードしてください。');
      const names = csvFileNames(kind === BulkKind.Export ? 'export' : 'editTemplate', m.createdAt);
      return sendCsv(reply, m.encoding as TCsvEncoding, names, deps.storage.read(m.outputFileKey));
    });
  };
  generated('/members/export', BulkKind.Export);
  generated('/members/bulk_edit/csv_template', BulkKind.GenerateEditTemplate);
};
