import type { z } from 'zod';
import { getTokenStore } from './token-store.ts';
import { invalidResponseError, networkError, toApiError } from './api-error.ts';
import { authorizedFetch, buildApiUrl, failWith, type ApiRequest } from './http.ts';

/** Reads the file name of a Content-Disposition header, preferring RFC 5987 `filename*` (Japanese names). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      return null;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() ?? null;
}

/** Downloads a file answer (CSV templates, exports) and hands it to the browser as a download. */
export async function apiDownload(
  path: string,
  options: ApiRequest & { filename?: string } = {},
): Promise<string> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await authorizedFetch(buildApiUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!res.ok) return failWith(res);
  const filename =
    filenameFromDisposition(res.headers.get('content-disposition')) ??
    options.filename ??
    'download';
  const url = URL.createObjectURL(await res.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoke later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return filename;
}

export type UploadProgress = { loaded: number; total: number; ratio: number };

export type UploadOptions<S extends z.ZodType> = {
  file: Blob;
  fileName?: string;
  /** Spec §7: bulk uploads use the multipart field `filename`. */
  field?: string;
  fields?: Record<string, string>;
  schema: S;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** Multipart upload through XHR, because fetch cannot report upload progress. */
export async function apiUpload<S extends z.ZodType>(
  path: string,
  options: UploadOptions<S>,
): Promise<z.output<S>> {
  const jwt = await getTokenStore().getToken();
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append(
    options.field ?? 'filename',
    options.file,
    options.fileName ?? (options.file instanceof File ? options.file.name : 'upload'),
  );

  const { status, text, requestId } = await new Promise<{
    status: number;
    text: string;
    requestId: string | null;
  }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildApiUrl(path));
    xhr.setRequestHeader('Authorization', `Bearer ${jwt}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (!options.onProgress || !event.lengthComputable) return;
      options.onProgress({
        loaded: event.loaded,
        total: event.total,
        ratio: event.total ? event.loaded / event.total : 0,
      });
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        requestId: xhr.getResponseHeader('x-request-id'),
      });
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('アップロードを中止しました。', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  if (status === 401) getTokenStore().clear();
  if (status < 200 || status >= 300) throw toApiError(status, text, requestId);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidResponseError(requestId);
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw invalidResponseError(requestId);
  return parsed.data;
}
