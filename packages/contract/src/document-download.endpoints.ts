/** まとめてダウンロード's calls (server: modules/document-download; console: features/documents). */
import { ZBulkManipulationResponse, ZBulkStatusResponse } from './bulk.ts';
import { ZIdParams } from './common.ts';
import { endpoint } from './endpoint.ts';
import { ZDocumentDownloadRequest } from './document-download.ts';

export const documentDownloadEndpoints = {
  /** Starts the ZIP job; `status` follows it and `zip` sends the archive once it is done. */
  request: endpoint({
    method: 'POST',
    path: '/documents/downloads',
    body: ZDocumentDownloadRequest,
    response: ZBulkManipulationResponse,
    status: 202,
  }),
  status: endpoint({
    method: 'GET',
    path: '/documents/downloads/:id',
    params: ZIdParams,
    response: ZBulkStatusResponse,
  }),
  zip: endpoint({
    method: 'GET',
    path: '/documents/downloads/:id/zip',
    params: ZIdParams,
    file: 'zip',
  }),
};
