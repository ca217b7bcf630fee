import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A route's first read, started before the page renders: only when nothing is cached under its key. Opening
 * or closing a drawer is a navigation (the drawer lives in the URL); a refetch there would cost a request per
 * row click and replace what the page changed in the cache (a member added outside the filter, spec §4). Whether
 * cached data is fresh enough is the page's query's decision, as for any other read.
 */
export function startRead<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
) {
  void queryClient.ensureQueryData(options).catch(() => undefined);
}
