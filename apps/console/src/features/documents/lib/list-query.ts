/**
 * The list's URL state (contract `ZDocumentListQuery`, normalised by the route middleware) and its mapping to
 * `GET /documents` query keys.
 */
import {
  DOCUMENT_LIST_DEFAULTS,
  DOCUMENT_TOTAL_CAP,
  ZDocumentListQuery,
  normalizeListQuery,
  type TDocumentListQuery,
} from '@cloudsign/contract';
import type { ApiQuery } from '../../../lib/api-client.ts';
import { useListSearchParams } from '../../../lib/list-search-params.ts';

export type ListQuery = TDocumentListQuery & {
  page: number;
  perPage: number;
  sort: NonNullable<TDocumentListQuery['sort']>;
};

export function parseListQuery(params: URLSearchParams): ListQuery {
  return normalizeListQuery(ZDocumentListQuery, DOCUMENT_LIST_DEFAULTS, params).query as ListQuery;
}

/** The canonical `?…` of a list state (defaults dropped, keys in the contract's order). */
export function listSearch(q: Partial<TDocumentListQuery>): string {
  const raw = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    if (v !== undefined && v !== null && v !== '') raw.set(k, String(v));
  return normalizeListQuery(ZDocumentListQuery, DOCUMENT_LIST_DEFAULTS, raw).search;
}

export function parseOptions(options: string | undefined): Record<string, string> {
  if (!options) return {};
  try {
    return JSON.parse(options) as Record<string, string>;
  } catch {
    return {};
  }
}

/** URL state → API query: `-key` sorts descending; user-defined items become `option.<id>`. */
export function toApiQuery(q: ListQuery): ApiQuery {
  const { sort, options, documentId: _open, ...rest } = q;
  const desc = sort.startsWith('-');
  const api: ApiQuery = {
    ...rest,
    // A page past what the api can show (`?page=999`) asks for the last one it can: the list then says the
    // page does not exist and offers the last page, instead of showing the api's refusal.
    page: Math.min(rest.page, Math.ceil(DOCUMENT_TOTAL_CAP / rest.perPage)),
    sort: desc ? sort.slice(1) : sort,
    order: desc ? 'desc' : 'asc',
  };
  for (const [id, value] of Object.entries(parseOptions(options))) api[`option.${id}`] = value;
  return api;
}

export function useListQuery() {
  const { params, latest, set } = useListSearchParams();
  const query = parseListQuery(params);
  // A change builds on the last one asked for, which the URL may not show yet; it answers the `?…` it asked for.
  const update = (patch: Partial<TDocumentListQuery>, opts: { replace?: boolean } = {}) => {
    const search = listSearch({ ...parseListQuery(latest()), ...patch });
    set(new URLSearchParams(search.slice(1)), { replace: opts.replace });
    return search;
  };
  return { query, update };
}
