import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  documentEndpoints as e,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_FILES,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { routeOf } from '../../api/endpoint-route.ts';
import { requestCtx } from '../../api/request-ctx.ts';
import { contentDisposition } from '../../lib/http/content-disposition.ts';
import { loadEditable, updateDocumentAttribute } from './document-attribute.service.ts';
import { itemBeforeBody } from '../../api/item-before-body.ts';
import { expectedVersion } from '../../lib/http/if-match.ts';
import { findDocuments, getDocument, type Ctx } from './documents.service.ts';
import { findDocumentFile } from './document-file.service.ts';
import { importDocuments } from './documents-import.multipart.ts';

/** A PDF opened as a page runs sandboxed: no scripts, no forms, no requests of its own. */
const PDF_CSP = "sandbox; default-src 'none'";

export const documentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const ctx = (auth: Ctx['auth']) => requestCtx(deps, auth);
  // Scoped to this plugin: only the import accepts multipart. Per-file size is checked by the import itself
  // (a truncated file is reported, not thrown), so the rest of the request still answers per file.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: IMPORT_MAX_FILE_BYTES + 1,
      files: IMPORT_MAX_FILES,
      fields: 10,
      fieldSize: 1024 * 1024,
      parts: IMPORT_MAX_FILES + 10,
    },
  });

  app.route({
    ...routeOf(e.find, { tags: ['documents'], summary: '書類の検索（一覧）' }),
    handler: async (request) =>
      findDocuments(ctx(request.auth), request.query, {
        pageCache: deps.env.DOCUMENT_PAGE_CACHE === 'on',
      }),
  });

  app.route({
    ...routeOf(e.get, { tags: ['documents'], summary: '書類の詳細' }),
    handler: async (request) => ({
      document: await getDocument(ctx(request.auth), request.params.id),
    }),
  });

  app.route({
    ...routeOf(e.file, {
      tags: ['documents'],
      summary: '書類のPDFファイル（download=1 でダウンロード）',
    }),
    handler: async (request, reply) => {
      const isDownload = request.query.download === '1';
      // Inline, only a PDF the script check found clean (409 otherwise): the console shows it outside this
      // answer's sandbox. A download is saved, not shown (document-file.service.ts).
      const file = await findDocumentFile(
        { ...ctx(request.auth), storage: deps.storage },
        request.params.id,
        request.params.fileId,
        isDownload,
      );
      const size = await deps.storage.size(file.storageKey);
      if (size === null) {
        request.log.error({ storageKey: file.storageKey }, 'document file missing from storage');
        throw new Error('document file missing');
      }
      return (
        reply
          .type('application/pdf')
          .header('content-length', size)
          .header(
            'content-disposition',
            contentDisposition(isDownload ? 'attachment' : 'inline', file.name),
          )
          .header('cache-control', 'private, no-store')
          // An imported PDF is a company's file: opened as a page, none of its scripts may run (decisions.md).
          .header('content-security-policy', PDF_CSP)
          .header('x-content-type-options', 'nosniff')
          .send(deps.storage.read(file.storageKey))
      );
    },
  });

  app.route({
    ...routeOf(e.updateAttribute, {
      tags: ['documents'],
      summary: '書類情報の更新（指定しない項目は変わりません）',
    }),
    // 404 (not readable) and 403 (read only) before the body's 400 and the If-Match's 428.
    preValidation: itemBeforeBody((request, id) => loadEditable(ctx(request.auth), id)),
    handler: async (request) => ({
      document: await updateDocumentAttribute(
        ctx(request.auth),
        request.params.id,
        request.body,
        expectedVersion(request),
      ),
    }),
  });

  app.route({
    ...routeOf(e.import, {
      tags: ['documents'],
      summary: 'PDFのインポート（multipart: cabinetId, attributes, files）',
    }),
    handler: async (request) => ({ results: await importDocuments(deps, request) }),
  });
};
