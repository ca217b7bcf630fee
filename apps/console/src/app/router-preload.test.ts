import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { buildRoutes } from './router.tsx';

/** The route object of `path`, wherever its layout put it. */
function findRoute(routes: RouteObject[], path: string): RouteObject | undefined {
  for (const r of routes) {
    if (r.path === path) return r;
    const inner = r.children && findRoute(r.children, path);
    if (inner) return inner;
  }
  return undefined;
}

afterEach(() => vi.unstubAllGlobals());

describe('a page’s first reads (no waterfall behind the user check)', () => {
  it('the members list and the filter’s groups are asked for while GET /me has not answered', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        asked.push(url.replace(window.location.origin, ''));
        if (url.endsWith('/api/token/jwt'))
          return Promise.resolve(
            new Response(JSON.stringify({ jwt: 'a.eyJleHAiOjQxMDI0NDQ4MDB9.s' })),
          );
        // The user check never finishes here: only the page's own reads can explain what follows.
        return new Promise<Response>(() => {});
      }),
    );
    const route = findRoute(buildRoutes(new QueryClient()), '/company/members')!;
    const loader = route.loader as (args: { request: Request; params: object }) => Promise<unknown>;
    void loader({
      request: new Request(`${window.location.origin}/company/members?keyword=%E5%B1%B1%E7%94%B0`),
      params: {},
    });
    await vi.waitFor(() => expect(asked).toContain('/member_groups'), { timeout: 10_000 });
    expect(asked).toContain('/me');
    expect(asked).toContain('/members?page=1&keyword=%E5%B1%B1%E7%94%B0&sort=name');
  });
});
