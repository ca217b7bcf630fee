import { getConfig } from './config.ts';
import { getTokenStore } from './token-store.ts';
import { networkError, toApiError } from './api-error.ts';
import { renderRequest } from './render-request.ts';

export type QueryValue = string | number | boolean | null | undefined;
export type ApiQuery = Record<string, QueryValue | readonly QueryValue[]>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type ApiRequest = {
  method?: HttpMethod;
  body?: unknown;
  query?: ApiQuery;
  signal?: AbortSignal;
  /** The version a save is based on, sent as If-Match (a versioned entry; see `ifMatchOf`). */
  ifMatch?: string | undefined;
};

/** `path` plus the query string; null/undefined values are left out, arrays repeat the key. */
export function buildApiUrl(path: string, query?: ApiQuery, base = getConfig().apiUrl): string {
  const url = new URL(`${base}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values)
      if (v !== null && v !== undefined && v !== '') url.searchParams.append(key, String(v));
  }
  return url.toString();
}

async function sendWith(
  url: string,
  init: RequestInit,
  jwt: string,
  send: typeof fetch = fetch,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${jwt}`);
  try {
    return await send(url, { ...init, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

/** Sends a request with the Bearer token; a 401 (token expired in flight, clock skew) is retried once. */
export async function authorizedFetch(url: string, init: RequestInit): Promise<Response> {
  // Rendering on the server: the token the site minted for this request, never the browser's token store.
  const server = renderRequest();
  if (server) return sendWith(url, init, server.jwt, server.fetch);
  const tokens = getTokenStore();
  const send = async () => sendWith(url, init, await tokens.getToken());
  const first = await send();
  if (first.status !== 401) return first;
  tokens.clear();
  return send();
}

/** Turns a failed response into the ApiError it carries. */
export async function failWith(res: Response): Promise<never> {
  throw toApiError(res.status, await res.text().catch(() => ''), res.headers.get('x-request-id'));
}
