import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * A list's state in the URL's search: the parameters shown, and a change that builds on the latest ones asked
 * for. The URL shown changes only once the route's middleware has run (and React shows the router's new
 * location as a transition); a second change made meanwhile (the keyword cleared, then a filter picked at once)
 * built on the URL still shown would put back what the first took away, and the list would answer a search
 * nobody asked for. So a change builds on the last one this page asked for until a new URL is shown.
 */
export function useListSearchParams() {
  const [shown, setSearchParams] = useSearchParams();
  // A ref, set at once: a click handled before the next render runs the old render's code and still sees it.
  const asked = useRef<string | null>(null);
  // A new URL shown is the one asked for last, or a later move (the back button) that replaced it.
  useEffect(() => {
    asked.current = null;
  }, [shown]);

  const latest = useCallback(() => new URLSearchParams(asked.current ?? shown), [shown]);
  const set = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      // A change to the URL shown moves nothing: kept, it would outlive a later move.
      asked.current = next.toString() === shown.toString() ? null : `?${next.toString()}`;
      setSearchParams(next, options);
    },
    [setSearchParams, shown],
  );
  return { params: shown, latest, set };
}
