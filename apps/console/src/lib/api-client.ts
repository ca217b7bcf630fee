import type { z } from 'zod';
import { invalidResponseError } from './api-error.ts';
import { authorizedFetch, buildApiUrl, failWith, type ApiRequest } from './http.ts';

export { ApiError, isApiError } from './api-error.ts';
export { buildApiUrl, type ApiQuery, type ApiRequest, type HttpMethod } from './http.ts';

/**
 * Calls the api and validates the answer with the contract's schema, so a drifted server fails loudly
 * here instead of deep inside a component. Errors throw `ApiError`.
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  options: ApiRequest & { schema: S },
): Promise<z.output<S>>;
export async function apiFetch(path: string, options?: ApiRequest): Promise<unknown>;
export async function apiFetch(
  path: string,
  options: ApiRequest & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.ifMatch !== undefined) headers['If-Match'] = options.ifMatch;
  const res = await authorizedFetch(buildApiUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!res.ok) return failWith(res);
  if (res.status === 204) return undefined;
  const requestId = res.headers.get('x-request-id');
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw invalidResponseError(requestId);
  }
  if (!options.schema) return json;
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw invalidResponseError(requestId);
  return parsed.data;
}

export { apiDownload, apiUpload, filenameFromDisposition } from './api-transfer.ts';
