import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  MEMBER_LIST_DEFAULTS,
  ZMemberListQuery,
  normalizeListQuery,
  type TMemberListQuery,
} from '@cloudsign/contract';

/** The list state lives in the URL (docs/design.md §6); the route's middleware keeps that URL normalised. */
export function useMemberListQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(
    () => normalizeListQuery(ZMemberListQuery, MEMBER_LIST_DEFAULTS, params).query,
    [params],
  );
  const update = useCallback(
    (patch: Partial<TMemberListQuery>, opts: { keepPage?: boolean } = {}) => {
      const next: Record<string, unknown> = {
        ...query,
        ...(opts.keepPage ? {} : { page: undefined }),
        ...patch,
      };
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (typeof value === 'string' || typeof value === 'number') search.set(key, String(value));
      }
      setParams(normalizeListQuery(ZMemberListQuery, MEMBER_LIST_DEFAULTS, search).search);
    },
    [query, setParams],
  );
  return { query, update };
}
