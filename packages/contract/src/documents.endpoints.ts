/** The documents area's calls (server: modules/documents, modules/document-attribute-options; console: features/documents). */
import { ZIdParams } from './common.ts';
import { endpoint } from './endpoint.ts';
import {
  ZDocumentAttributeOptionsResponse,
  ZDocumentAttributeOptionsUpdate,
} from './document-attribute-options.ts';
import { ZDocumentFindQuery } from './documents-search.ts';
import {
  ZDocumentAttributeUpdate,
  ZDocumentFileParams,
  ZDocumentFileQuery,
  ZDocumentFindResponse,
  ZDocumentGetResponse,
  ZDocumentImportResponse,
} from './documents.ts';

export const documentEndpoints = {
  find: endpoint({
    method: 'GET',
    path: '/documents',
    query: ZDocumentFindQuery,
    response: ZDocumentFindResponse,
  }),
  get: endpoint({
    method: 'GET',
    path: '/documents/:id',
    params: ZIdParams,
    response: ZDocumentGetResponse,
  }),
  /** The PDF itself: shown inline, or saved with `download=1`. */
  file: endpoint({
    method: 'GET',
    path: '/documents/:id/files/:fileId',
    params: ZDocumentFileParams,
    query: ZDocumentFileQuery,
    file: 'pdf',
  }),
  updateAttribute: endpoint({
    method: 'PUT',
    path: '/documents/:id/attribute',
    params: ZIdParams,
    body: ZDocumentAttributeUpdate,
    response: ZDocumentGetResponse,
    // Based on the document's updatedAt as read: a save over another admin's change is refused (issue 30).
    ifMatch: true,
  }),
  /** Multipart: `cabinetId`, `attributes` (JSON, one per file) and the PDFs under `files`. */
  import: endpoint({
    method: 'POST',
    path: '/documents/import',
    upload: 'files',
    response: ZDocumentImportResponse,
  }),
  attributeOptions: endpoint({
    method: 'GET',
    path: '/document_attribute_options',
    response: ZDocumentAttributeOptionsResponse,
  }),
  replaceAttributeOptions: endpoint({
    method: 'PUT',
    path: '/document_attribute_options',
    body: ZDocumentAttributeOptionsUpdate,
    response: ZDocumentAttributeOptionsResponse,
    // Based on the list's version as read (the whole list is replaced: a stale one would put items back).
    ifMatch: true,
  }),
};
