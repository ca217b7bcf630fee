import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  Outlet,
  ScrollRestoration,
  createBrowserRouter,
  matchRoutes,
  redirect,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { ZId } from '@cloudsign/contract';
import { landingPath } from './landing.ts';
import { fatalErrorStore, isFatalError, pageNotFound } from '../lib/fatal-error.ts';
import { renderRequest } from '../lib/render-request.ts';
import { middlewareLoader, type MiddlewareContext } from './middleware/index.ts';
import {
  DefaultLayout,
  NoGlobalNavLayout,
  NoGlobalNavTwoColumnsLayout,
  TwoColumnsLayout,
} from './layouts/layout-frame.tsx';
import {
  NOT_FOUND_MODULE,
  ROUTES,
  ROUTE_PARAMS,
  type RouteDef,
  type RouteLayout,
  type RouteModule,
} from './route-table.ts';
import { RouteError } from './route-error.tsx';
import { AdminOnly } from '../components/gate/index.ts';
import { AlertsFollowRoute } from '../components/alerts/index.ts';
import { InitialLoading } from './initial-loading.tsx';

const LAYOUTS: Record<RouteLayout, ComponentType> = {
  default: DefaultLayout,
  'no-global-nav': NoGlobalNavLayout,
  'two-columns': TwoColumnsLayout,
  'no-global-nav-two-columns': NoGlobalNavTwoColumnsLayout,
};

/** Spec §5, §8: a route parameter that cannot be an id is a fatal 404 'Page Not Found: {path}'. */
function validateParams({ params, url }: MiddlewareContext): null {
  for (const name of ROUTE_PARAMS) {
    const value = params[name];
    if (value !== undefined && !ZId.safeParse(value).success) throw pageNotFound(url.pathname);
  }
  return null;
}

/** Fatal errors are raised to the root as soon as a loader throws them, before any layout renders. */
function reportingFatal(loader: (args: LoaderFunctionArgs) => Promise<unknown>) {
  return async (args: LoaderFunctionArgs) => {
    try {
      return await loader(args);
    } catch (error) {
      // On the server the store is the process's, shared by every request: the site sends the plain page
      // instead, and the browser meets the error itself.
      if (isFatalError(error) && !renderRequest()) {
        const url = new URL(args.request.url);
        fatalErrorStore.set(error, `${url.pathname}${url.search}`);
      }
      throw error;
    }
  };
}

/** Starts the page's own reads (RouteModule.preload) without waiting for them or for the middleware. */
function withPreload(
  def: RouteDef,
  queryClient: QueryClient,
  loader: (args: LoaderFunctionArgs) => Promise<unknown>,
) {
  return (args: LoaderFunctionArgs) => {
    const url = new URL(args.request.url);
    // A failed chunk is reported by the route's lazy(); a failed read by the page that shows it.
    def.module
      .load()
      .then((mod) => mod.preload?.(queryClient, url))
      .catch(() => undefined);
    return loader(args);
  };
}

/**
 * A page's module, or — when its code cannot be loaded (a deploy replaced the chunk, the network dropped) — a
 * page that throws that failure when rendered. A route whose `lazy()` rejects stays "not loaded" for React
 * Router, which then renders nothing below the root: a blank white page, header and navigation gone, and no
 * error boundary reached. Thrown from the page instead, the failure reaches the route's own errorElement
 * (RouteError): the reload guard, then the error page inside the layout with 再読み込み.
 */
async function loadPage(
  load: () => Promise<RouteModule>,
): Promise<RouteModule | { failed: ComponentType }> {
  try {
    return await load();
  } catch (error) {
    return {
      failed: function PageCodeFailed(): never {
        throw error;
      },
    };
  }
}

function toRouteObject(def: RouteDef, queryClient: QueryClient): RouteObject {
  return {
    path: def.path,
    handle: { title: def.title },
    // On the page itself, so a failed page keeps the header and navigation around its error.
    errorElement: <RouteError />,
    loader: reportingFatal(
      withPreload(def, queryClient, middlewareLoader(def.middleware, queryClient, validateParams)),
    ),
    lazy: async () => {
      const loaded = await loadPage(def.module.load);
      if ('failed' in loaded) return { Component: loaded.failed };
      const Page = loaded.Component;
      if (!def.isAdminOnly) return { Component: Page };
      return {
        Component: () => (
          <AdminOnly title={def.title}>
            <Page />
          </AdminOnly>
        ),
      };
    },
  };
}

export function buildRoutes(queryClient: QueryClient): RouteObject[] {
  const layouts = Object.keys(LAYOUTS) as RouteLayout[];
  return [
    {
      id: 'root',
      element: (
        <>
          <ScrollRestoration />
          <AlertsFollowRoute />
          <Outlet />
        </>
      ),
      errorElement: <RouteError />,
      // Shown while the first page's loaders run (the session, the page's data); without it React Router
      // warns in the browser console and renders nothing.
      hydrateFallbackElement: <InitialLoading />,
      children: [
        {
          index: true,
          // Renders nothing: its loader always redirects. Said explicitly, so React Router does not warn about
          // a leaf route without an element.
          element: null,
          // Issues 2 and 33: admins start on the members, auditors on 監査ログ, everyone else on the cabinets.
          loader: reportingFatal(
            middlewareLoader(['auth'], queryClient, ({ user }) => {
              throw redirect(landingPath(user));
            }),
          ),
        },
        ...layouts.map((layout): RouteObject => ({
          Component: LAYOUTS[layout],
          errorElement: <RouteError />,
          children: ROUTES.filter((def) => def.layout === layout).map((def) =>
            toRouteObject(def, queryClient),
          ),
        })),
        {
          Component: DefaultLayout,
          errorElement: <RouteError />,
          children: [
            {
              path: '*',
              errorElement: <RouteError />,
              loader: reportingFatal(middlewareLoader(['auth'], queryClient)),
              lazy: async () => {
                const loaded = await loadPage(NOT_FOUND_MODULE.load);
                return { Component: 'failed' in loaded ? loaded.failed : loaded.Component };
              },
            },
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(buildRoutes(queryClient));
export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The router over a page the site rendered (entry-server.tsx): the loaders' results come from the page, and
 * the matched routes' modules are loaded before hydration, so the first render is the server's markup and
 * not the loading screen. A module that cannot be loaded gives the failing page (loadPage): this still
 * resolves, and the first render shows the error page in the layout instead of the server's markup.
 */
export async function createHydratingRouter(
  queryClient: QueryClient,
  hydrationData: HydrationState,
): Promise<AppRouter> {
  const routes = buildRoutes(queryClient);
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return createBrowserRouter(routes, { hydrationData });
}
