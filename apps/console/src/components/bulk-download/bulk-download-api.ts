import {
  documentDownloadEndpoints,
  type TCsvEncoding,
  type TDocumentDownloadNameRule,
} from '@cloudsign/contract';
import { callEndpoint, downloadEndpoint } from '../../lib/call-endpoint.ts';
import type { ApiQuery } from '../../lib/api-client.ts';
import { jobSource } from '../../lib/use-job.ts';

/**
 * `POST /documents/downloads`: the list's own search keys (as `GET /documents` is asked), written into a ZIP
 * by a job. Paging and sort are not conditions: the archive holds every match.
 */
export const requestBulkDownload = (
  conditions: ApiQuery,
  encoding: TCsvEncoding,
  nameRule: TDocumentDownloadNameRule,
) => {
  const { page: _p, perPage: _pp, sort: _s, order: _o, ...keys } = conditions;
  const clean = Object.fromEntries(
    Object.entries(keys).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  return callEndpoint(documentDownloadEndpoints.request, {
    body: {
      conditions: clean,
      encoding,
      nameRule,
    },
  });
};

/** The archive's progress, asked every second until it is ready; each download is audited by the server. */
export const bulkDownloadJob = jobSource({
  key: (id: string) => ['documents', 'downloads', id],
  status: (id: string, signal: AbortSignal) =>
    callEndpoint(documentDownloadEndpoints.status, { params: { id }, signal }),
  download: (id: string) => downloadEndpoint(documentDownloadEndpoints.zip, { params: { id } }),
  failText: 'ZIPファイルを作成できませんでした。時間をおいてもう一度お試しください。',
});
