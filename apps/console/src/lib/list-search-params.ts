import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams, type NavigateOptions } from 'react-router';

/**
 * A list's state in the URL's search: the parameters shown, and a change that builds on the latest ones asked
 * for. The URL shown changes only once the route's middleware has run; a second change made meanwhile (the
 * keyword cleared, then a filter picked at once) built on the URL still shown would put back what the first
 * took away, and the list would answer a search nobody asked for. So a change builds on, in this order: the
 * last one this page asked for while the router is still on its way, the router's pending location on this
 * page, the URL shown.
 */
export function useListSearchParams() {
  const [shown, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === pathname ? navigation.location.search : null;
  // Set at once when asked, before the router's next render says it is under way: React may take a while to
  // show the new location (its router updates are transitions), and a click meanwhile runs the old render's code.
  const asked = useRef<string | null>(null);
  const idle = navigation.state === 'idle';
  useEffect(() => {
    if (idle) asked.current = null;
  }, [idle, shown]);

  const latest = useCallback(
    () => new URLSearchParams(asked.current ?? pending ?? shown),
    [pending, shown],
  );
  const set = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      // A change to the URL shown moves nothing: kept, it would outlive a later move (the back button).
      asked.current = next.toString() === shown.toString() ? null : `?${next.toString()}`;
      setSearchParams(next, options);
    },
    [setSearchParams, shown],
  );
  return { params: shown, latest, set };
}
