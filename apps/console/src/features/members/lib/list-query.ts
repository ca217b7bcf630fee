import { useCallback, useMemo } from 'react';
import {
  MEMBER_LIST_DEFAULTS,
  ZMemberListQuery,
  normalizeListQuery,
  type TMemberListQuery,
} from '@cloudsign/contract';
import { useListSearchParams } from '../../../lib/list-search-params.ts';

/** The list state lives in the URL (docs/design.md §6); the route's middleware keeps that URL normalised. */
export function useMemberListQuery() {
  const { params, latest, set } = useListSearchParams();
  const query = useMemo(
    () => normalizeListQuery(ZMemberListQuery, MEMBER_LIST_DEFAULTS, params).query,
    [params],
  );
  const update = useCallback(
    (patch: Partial<TMemberListQuery>, opts: { keepPage?: boolean } = {}) => {
      // Any change of the list closes the drawer, unless the patch names one. It builds on the last change
      // asked for, which the URL may not show yet.
      const base = normalizeListQuery(ZMemberListQuery, MEMBER_LIST_DEFAULTS, latest()).query;
      const next: Record<string, unknown> = {
        ...base,
        memberId: undefined,
        ...(opts.keepPage ? {} : { page: undefined }),
        ...patch,
      };
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (typeof value === 'string' || typeof value === 'number') search.set(key, String(value));
      }
      set(
        new URLSearchParams(
          normalizeListQuery(ZMemberListQuery, MEMBER_LIST_DEFAULTS, search).search.slice(1),
        ),
      );
    },
    [latest, set],
  );
  return { query, update };
}

/** The URL of the members page with `query` (normalised): what a row or a page link points at. */
export const memberListHref = (query: Partial<TMemberListQuery>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (typeof value === 'string' || typeof value === 'number') search.set(key, String(value));
  return `/company/members${normalizeListQuery(ZMemberListQuery, MEMBER_LIST_DEFAULTS, search).search}`;
};
