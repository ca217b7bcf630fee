import { useLocation } from 'react-router';

/**
 * The page of a bulk history in its URL (`?page=2`), so the pager's pages are links that work before the
 * console has taken a server-rendered page over, and a reload or a shared link shows the same page. Anything
 * that is not a whole number from 1 reads as the first page.
 */
export function historyPageOf(search: URLSearchParams): number {
  const raw = search.get('page');
  return raw !== null && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
}

/** The URL of `page` of the history at `pathname` (the first page has no parameter). */
export const historyHref = (pathname: string, page: number) =>
  page > 1 ? `${pathname}?page=${page}` : pathname;

/** The history page the URL shows, and the URL of another page. */
export function useHistoryPage() {
  const { pathname, search } = useLocation();
  return {
    page: historyPageOf(new URLSearchParams(search)),
    hrefOf: (page: number) => historyHref(pathname, page),
  };
}
