import { useCallback, useMemo } from 'react';
import { parseDateInput } from '@cloudsign/contract';
import { useListSearchParams } from '../../../lib/list-search-params.ts';

/** The filters the URL may carry (the member drawer and the document detail link here with some of them). */
const KEYS = [
  'from',
  'to',
  'actorId',
  'actorEmail',
  'category',
  'targetType',
  'targetId',
  'keyword',
] as const;
export type AuditFilter = Partial<Record<(typeof KEYS)[number], string>>;

/** The conditions as one string, the same whichever order their keys were set in. */
export const filterKeyOf = (f: AuditFilter) => JSON.stringify(KEYS.map((k) => f[k] ?? ''));

/**
 * The filter a URL's parameters carry (the page's and the route's first read take it from here). A day as a
 * person typed it (2026/11/1, 令和8年11月1日: the form submitted before the console ran) reads as the API's
 * YYYY-MM-DD; one that is no day stays as typed, and the API says why.
 */
export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const f: AuditFilter = {};
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const day = key === 'from' || key === 'to' ? parseDateInput(value) : null;
    f[key] = day?.ok ? day.value : value;
  }
  return f;
}

/**
 * The viewer's filter lives in the URL so a pre-filtered link, the back button and a reload keep it.
 * `latest` is the filter last asked for, which the URL may not show yet: a change builds on it, so
 * 条件をクリア then ログイン・認証を除く at once does not put the cleared conditions back.
 */
export function useAuditFilter() {
  const { params, latest, set } = useListSearchParams();
  const filter = useMemo(() => auditFilterOf(params), [params]);
  const latestFilter = useCallback(() => auditFilterOf(latest()), [latest]);
  const setFilter = useCallback(
    (next: AuditFilter) => {
      const search = new URLSearchParams();
      for (const key of KEYS) if (next[key]) search.set(key, next[key]);
      set(search);
    },
    [set],
  );
  return { filter, latest: latestFilter, setFilter, query: filter };
}
