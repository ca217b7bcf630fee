import { useEffect } from 'react';
import { useMatches } from 'react-router';

export const PRODUCT_NAME = 'クラウドサイン';

/** Spec §1: '{title} | クラウドサイン', or just 'クラウドサイン' without a title. */
export function formatTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export type RouteHandle = { title?: string };

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'title' in handle;

/** The static title the route table gives the deepest matched route. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle) && handle.title) return handle.title;
  }
  return undefined;
}

/**
 * Sets document.title. Without an argument the route table's title is used; detail pages pass the object's
 * name once it has loaded (until then the route's title shows).
 */
export function usePageTitle(title?: string | null): string {
  const routeTitle = useRouteTitle();
  const effective = title?.trim() ? title : routeTitle;
  useEffect(() => {
    document.title = formatTitle(effective);
  }, [effective]);
  return effective ?? '';
}
