import { useQuery } from '@tanstack/react-query';
import { documentEndpoints, endpointPath } from '@cloudsign/contract';
import { authorizedFetch, buildApiUrl, failWith } from '../../../lib/http.ts';
import { downloadEndpoint } from '../../../lib/call-endpoint.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { documentKeys } from './keys.ts';

/**
 * The PDF as a blob URL: an <iframe> cannot send the Bearer token, so the console fetches the file itself
 * and shows it from memory (the token never appears in a URL).
 */
async function fetchPdfUrl(id: string, fileId: string, signal: AbortSignal): Promise<string> {
  const e = documentEndpoints.file;
  const res = await authorizedFetch(buildApiUrl(endpointPath(e.path, { id, fileId })), {
    method: e.method,
    signal,
  });
  if (!res.ok) return failWith(res);
  return URL.createObjectURL(await res.blob());
}

export const useDocumentPdf = (id: string, fileId: string | undefined) =>
  useQuery({
    queryKey: documentKeys.file(id, fileId ?? ''),
    queryFn: ({ signal }) => fetchPdfUrl(id, fileId!, signal),
    enabled: Boolean(fileId),
    staleTime: Infinity,
    gcTime: 60_000,
  });

/**
 * The server's refusal to show a PDF inline (409): it carries scripts, or could not be looked into. The file
 * is never given to the viewer, whose `blob:` frame the answer's sandbox does not cover (decisions.md).
 */
export const isPdfNotShown = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.code === 'invalid_state';

/** Saves the PDF as a file (`download=1`, an attachment the browser does not open here); recorded by the server. */
export const downloadDocumentPdf = (id: string, fileId: string, filename: string) =>
  downloadEndpoint(documentEndpoints.file, {
    params: { id, fileId },
    query: { download: '1' },
    filename,
  });
