import { createContext, useContext, useEffect, useId, useMemo, type ReactNode } from 'react';
import { UNSAFE_LocationContext } from 'react-router';
import { alertStore, type AlertArea } from './alert-store.ts';

const ScopeContext = createContext<Partial<Record<AlertArea, string>>>({});

/**
 * One drawer or dialog instance: alerts of `area` raised inside it carry its id, and its AlertArea shows
 * only those, so a drawer never opens on another screen's or another member's message. Closing the
 * drawer or dialog (unmounting the scope) closes its message.
 */
export function AlertScope({ area, children }: { area: AlertArea; children: ReactNode }) {
  const parent = useContext(ScopeContext);
  // React's own id: unique among the scopes on screen, and the same in the site's HTML and the hydrated page.
  const owner = `${area}-${useId()}`;
  useEffect(() => () => alertStore.dispose(owner), [owner]);
  const value = useMemo(() => ({ ...parent, [area]: owner }), [parent, area, owner]);
  return <ScopeContext.Provider value={value}>{children}</ScopeContext.Provider>;
}

export const useAlertOwner = (area: AlertArea): string | null =>
  useContext(ScopeContext)[area] ?? null;

/**
 * The pathname of the screen this component renders on, or null outside a router (component tests). Read
 * from the context, not `useLocation`, which throws outside a router; the value is the same.
 */
export const useScreenPath = (): string | null =>
  (useContext(UNSAFE_LocationContext) as { location?: { pathname: string } } | null)?.location
    ?.pathname ?? null;
