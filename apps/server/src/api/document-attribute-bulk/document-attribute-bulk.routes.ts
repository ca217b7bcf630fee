/**
 * Attribute bulk edit (DESIGN.md §4, issue 7): download of the current attributes, upload, history, rows,
 * execute/cancel, result files. Enterprise plan first (403 enterprise_plan_required), then company admins;
 * another company's ids answer 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  BULK_MAX_FILE_BYTES,
  BulkKind,
  ZBulkManipulationList,
  ZBulkManipulationListQuery,
  ZBulkManipulationResponse,
  ZBulkRowsQuery,
  ZBulkRowsResponse,
  ZBulkStatusResponse,
  ZBulkUpdateBody,
  ZDocumentAttributeCsvRequest,
  ZEncodingQuery,
  ZIdParams,
  type TCsvEncoding,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireCompanyAdmin, requireEnterprise } from '../plugins/authenticate.ts';
import { findRows, listManipulations } from '../../bulk/bulk.repository.ts';
import { toManipulationDto, toRowDto } from '../../bulk/bulk.dto.ts';
import { streamRowsCsv } from '../../bulk/result-csv.ts';
import { csvContentType } from '../../lib/csv/stringify.ts';
import { contentDisposition } from '../../lib/http/content-disposition.ts';
import { cancelManipulation, executeManipulation, getManipulation, requestAttributesCsv, uploadCsv } from './document-attribute-bulk.service.ts';
import { attributeCsvNames } from './document-attribute-bulk.files.ts';
import { readCsvUpload } from '../../lib/http/csv-upload.ts';

const tags = ['document-attribute-bulk'];
const BASE = '/documents/attributes';

function sendCsv(reply: FastifyReply, encoding: TCsvEncoding, names: { ja: string; ascii: string }, body: NodeJS.ReadableStream) {
  return reply
    .header('content-type', csvContentType(encoding))
    .header('content-disposition', contentDisposition('attachment', names.ja, names.ascii))
    .header('cache-control', 'no-store')
    .send(body);
}

export const documentAttributeBulkRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(multipart, { limits: { fileSize: BULK_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: false });
  // preValidation: a caller without the plan or privilege gets 403 before any 400 that would describe the route.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    requireEnterprise(request);
    requireCompanyAdmin(request);
  });
  const db = deps.database.db;
  const scope = (request: FastifyRequest) => ({ companyId: request.auth.company.id, target: 'document_attributes' as const });

  app.post(`${BASE}/bulk_edit/csv`, { schema: { tags, summary: '現在の書類情報のCSV（非同期）', body: ZDocumentAttributeCsvRequest, response: { 202: ZBulkManipulationResponse } } }, async (request, reply) => {
    const m = await requestAttributesCsv(deps, request.auth, request.body.conditions, request.body.encoding);
    return reply.status(202).send({ manipulation: toManipulationDto(m) });
  });
  const loadExport = (request: FastifyRequest & { params: { id: string } }) => getManipulation(deps, request.auth, request.params.id, [BulkKind.GenerateEditTemplate]);
  app.get(`${BASE}/bulk_edit/csv/:id/status`, { schema: { tags, params: ZIdParams, response: { 200: ZBulkStatusResponse } } }, async (request) => {
    const m = await loadExport(request);
    return { id: m.id, status: m.status, processedRows: m.processedRows, totalRows: m.totalRows };
  });
  app.get(`${BASE}/bulk_edit/csv/:id`, { schema: { tags, params: ZIdParams, response: { 200: ZBulkManipulationResponse } } }, async (request) => ({
    manipulation: toManipulationDto(await loadExport(request)),
  }));
  app.get(`${BASE}/bulk_edit/csv/:id/csv`, { schema: { tags, params: ZIdParams } }, async (request, reply) => {
    const m = await loadExport(request);
    if (!m.outputFileKey) throw new AppError('invalid_state', 'ファイルはまだ作成中です。しばらくしてからダウンロードしてください。');
    return sendCsv(reply, m.encoding as TCsvEncoding, attributeCsvNames('download', m.createdAt), deps.storage.read(m.outputFileKey));
  });

  app.post(`${BASE}/bulk_edit`, { schema: { tags, summary: 'CSVアップロード（multipart、フィールド filename）', response: { 201: ZBulkManipulationResponse } } }, async (request, reply) => {
    const m = await uploadCsv(deps, request.auth, await readCsvUpload(request));
    return reply.status(201).send({ manipulation: toManipulationDto(m) });
  });

  app.get(`${BASE}/bulk_manipulations`, { schema: { tags, summary: '一括編集の履歴', querystring: ZBulkManipulationListQuery, response: { 200: ZBulkManipulationList } } }, async (request) => {
    const { rows, total } = await listManipulations(db, scope(request), { ...request.query, kind: request.query.kind ?? BulkKind.Edit });
    return { manipulations: rows.map(toManipulationDto), total };
  });
  app.get(`${BASE}/bulk_manipulations/:id`, { schema: { tags, params: ZIdParams, response: { 200: ZBulkManipulationResponse } } }, async (request) => ({
    manipulation: toManipulationDto(await getManipulation(deps, request.auth, request.params.id)),
  }));
  app.put(`${BASE}/bulk_manipulations/:id`, { schema: { tags, summary: '実行または取り消し', params: ZIdParams, body: ZBulkUpdateBody, response: { 200: ZBulkManipulationResponse } } }, async (request) => {
    const m = request.body.action === 'execute'
      ? await executeManipulation(deps, request.auth, request.params.id)
      : await cancelManipulation(deps, request.auth, request.params.id);
    return { manipulation: toManipulationDto(m) };
  });
  app.get(`${BASE}/bulk_manipulations/:id/rows`, { schema: { tags, params: ZIdParams, querystring: ZBulkRowsQuery, response: { 200: ZBulkRowsResponse } } }, async (request) => {
    const m = await getManipulation(deps, request.auth, request.params.id);
    const { rows, total } = await findRows(db, m.id, request.query);
    return { rows: rows.map(toRowDto), total };
  });
  for (const suffix of ['errors.csv', 'result.csv'] as const) {
    app.get(`${BASE}/bulk_manipulations/:id/${suffix}`, { schema: { tags, params: ZIdParams, querystring: ZEncodingQuery.partial() } }, async (request, reply) => {
      const m = await getManipulation(deps, request.auth, request.params.id, [BulkKind.Edit]);
      const encoding = request.query.encoding ?? (m.encoding as TCsvEncoding);
      const isErrors = suffix === 'errors.csv';
      return sendCsv(reply, encoding, attributeCsvNames(isErrors ? 'errors' : 'result', m.createdAt), streamRowsCsv(db, m, encoding, isErrors));
    });
  }
  app.get(`${BASE}/bulk_manipulations/:id/file`, { schema: { tags, summary: 'アップロードされたファイル', params: ZIdParams } }, async (request, reply) => {
    const m = await getManipulation(deps, request.auth, request.params.id, [BulkKind.Edit]);
    if (!m.inputFileKey) throw new AppError('not_found');
    const names = attributeCsvNames('upload', m.createdAt);
    return reply.header('content-type', csvContentType(m.encoding as TCsvEncoding)).header('content-disposition', contentDisposition('attachment', names.ja, names.ascii)).send(deps.storage.read(m.inputFileKey));
  });
};
