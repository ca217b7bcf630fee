import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { alertStore } from './alert-store.ts';

/** Placed once at the router's root: leaving a screen closes its messages (they never follow the admin). */
export function AlertsFollowRoute() {
  const { pathname } = useLocation();
  // A layout effect: it runs before any page's own effects, so a message a new screen opens on arrival stays.
  useLayoutEffect(() => alertStore.navigated(pathname), [pathname]);
  return null;
}
