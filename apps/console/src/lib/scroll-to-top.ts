import { useEffect, useRef, type RefObject } from 'react';

/**
 * Spec §2: a list scrolls back to the top when what it shows changes (a navigation, a new search), not when it
 * first appears: a list the site rendered keeps where the person had already scrolled it before the console
 * took the page over.
 */
export function useScrollToTopOnChange(scroller: RefObject<HTMLElement | null>, key: unknown) {
  const shown = useRef(key);
  useEffect(() => {
    if (Object.is(shown.current, key)) return;
    shown.current = key;
    scroller.current?.scrollTo({ top: 0 });
  }, [scroller, key]);
}
