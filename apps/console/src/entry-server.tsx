/**
 * The console's first screen, rendered by the site (docs/design.md §1, "First screen"): for a signed-in member
 * opening a list page, the page's HTML with its rows, so they show as soon as the HTML arrives instead of
 * after the scripts ran; the browser then hydrates it (main.tsx). Built by Vite as a server bundle
 * (dist/server/entry-server.js) and loaded by the site, which gives each render the member's token.
 *
 * Anything other than a plain page (a redirect, a fatal or page error, a failed or slow read, a route not
 * marked `isServerRendered`) answers null: the site then sends the usual empty page and the console does
 * everything in the browser, exactly as without this file.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider, dehydrate, type QueryClient } from '@tanstack/react-query';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  matchPath,
  type HydrationState,
} from 'react-router';
import type { FirstScreen, FirstScreenRenderer, FirstScreenRequest } from '@cloudsign/contract';
import { ROUTES } from './app/route-table.ts';
import { buildRoutes } from './app/router.tsx';
import { ThemeProvider } from './app/theme/theme-provider.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { installRenderRequest, type RenderRequest } from './lib/render-request.ts';
import { formatTitle } from './lib/title.ts';
import type { FirstScreenState } from './lib/first-screen-state.ts';

const requests = new AsyncLocalStorage<RenderRequest>();
installRenderRequest(() => requests.getStore());

const serverRenderedRoute = (pathname: string) =>
  ROUTES.find((def) => def.isServerRendered && matchPath(def.path, pathname));

function pageFileOf(pathname: string): string | null {
  return ROUTES.find((def) => matchPath(def.path, pathname))?.module.file ?? null;
}

/** The document title of the page when the site renders this path's first screen, else null. */
function serverRenderedTitle(pathname: string): string | null {
  const def = serverRenderedRoute(pathname);
  return def ? formatTitle(def.title) : null;
}

/** Resolves once no read is running (the page's reads may start after the loaders returned). */
function readsSettled(queryClient: QueryClient, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cache = queryClient.getQueryCache();
    let unsubscribe = () => {};
    const stop = () => {
      unsubscribe();
      signal.removeEventListener('abort', abort);
    };
    const abort = () => {
      stop();
      reject(new Error('first screen: time budget spent'));
    };
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    };
    unsubscribe = cache.subscribe(check);
    signal.addEventListener('abort', abort);
    if (signal.aborted) abort();
    else check();
  });
}

async function render(input: FirstScreenRequest): Promise<FirstScreen<FirstScreenState> | null> {
  const url = new URL(input.url);
  const def = serverRenderedRoute(url.pathname);
  if (!def) return null;
  const queryClient = createQueryClient();
  try {
    return await renderWith(queryClient, def, url, input.signal);
  } finally {
    // A render given up (a redirect, an error, the budget) leaves reads running: cancelled, so their
    // connections to the api close now instead of holding an answer nobody reads.
    await queryClient.cancelQueries();
    queryClient.clear();
  }
}

async function renderWith(
  queryClient: QueryClient,
  def: NonNullable<ReturnType<typeof serverRenderedRoute>>,
  url: URL,
  signal: AbortSignal,
): Promise<FirstScreen<FirstScreenState> | null> {
  // One try only: the browser retries on its own if the page is sent without rows.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const handler = createStaticHandler(buildRoutes(queryClient));
  const context = await handler.query(new Request(url, { signal }));
  if (context instanceof Response || context.errors) return null;

  // The loaders start the page's reads without waiting for them; start them here too (a read already
  // running is joined, not repeated) so none is missed, then wait for all of them.
  (await def.module.load()).preload?.(queryClient, url);
  await readsSettled(queryClient, signal);
  if (
    queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status !== 'success' }).length
  )
    return null;

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  const routerState: HydrationState = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: null,
  };
  return {
    html,
    state: { router: routerState, queries: dehydrate(queryClient) },
  };
}

/** The first screen of `input.url` for the member whose token this is, or null for the usual empty page. */
async function renderFirstScreen(input: FirstScreenRequest): Promise<FirstScreen | null> {
  const { apiUrl, siteUrl, jwt, fetch } = input;
  try {
    return await requests.run({ apiUrl, siteUrl, jwt, fetch }, () => render(input));
  } catch (error) {
    // Out of time: the reads were cancelled, wherever that caught the render.
    if (input.signal.aborted) return null;
    throw error;
  }
}

/** What the site loads (the contract's console-protocol.ts). */
export default { pageFileOf, serverRenderedTitle, renderFirstScreen } satisfies FirstScreenRenderer;
