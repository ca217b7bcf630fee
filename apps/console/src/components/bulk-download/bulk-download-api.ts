import { useQuery } from '@tanstack/react-query';
import {
  BulkStatus,
  documentDownloadEndpoints,
  type TCsvEncoding,
  type TDocumentDownloadNameRule,
} from '@cloudsign/contract';
import { callEndpoint, downloadEndpoint } from '../../lib/call-endpoint.ts';
import type { ApiQuery } from '../../lib/api-client.ts';

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

/** The archive's progress, asked every second until it is ready. */
export const useBulkDownload = (id: string | null) =>
  useQuery({
    queryKey: ['documents', 'downloads', id ?? ''],
    queryFn: ({ signal }) =>
      callEndpoint(documentDownloadEndpoints.status, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== BulkStatus.Processing ? false : 1000,
  });

/** Each download is recorded in the audit log by the server. */
export const saveBulkDownload = (id: string) =>
  downloadEndpoint(documentDownloadEndpoints.zip, { params: { id } });
