import '@mantine/core/styles.css';
import './app/console-ready.css';
import { StrictMode } from 'react';
import { CONSOLE_ROOT_ID } from '@cloudsign/contract';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider, hydrate } from '@tanstack/react-query';
import { AppRoot, BrandedErrorPage } from './app/app-root.tsx';
import { installBfcacheRecheck } from './app/middleware/auth.ts';
import { ROUTES, NOT_FOUND_MODULE } from './app/route-table.ts';
import { createAppRouter, createHydratingRouter } from './app/router.tsx';
import { ThemeProvider } from './app/theme/theme-provider.tsx';
import { ErrorBoundary } from './components/error-boundary/error-boundary.tsx';
import { getConfig } from './lib/config.ts';
import { fatalErrorStore, isCrawler } from './lib/fatal-error.ts';
import { readFirstScreenState } from './lib/first-screen-state.ts';
import { setupGtm } from './lib/gtm.ts';
import { startLogger } from './lib/logger.ts';
import { afterFirstScreen } from './lib/after-first-screen.ts';
import { meQueryOptions } from './lib/current-user.ts';
import { browserNavigation } from './lib/navigation.ts';
import { schedulePrefetch } from './lib/prefetch.ts';
import { queryClient } from './lib/query-client.ts';

startLogger(getConfig(), (load) => afterFirstScreen(queryClient, load));
void setupGtm(getConfig().gtmId);

// A page the site rendered (entry-server.tsx) brings its reads along: the user and the rows are already here.
const firstScreen = readFirstScreenState();
if (firstScreen) hydrate(queryClient, firstScreen.queries);
// Every page's auth middleware needs the user: ask now, while the route's chunk downloads, not after it.
// Failures stay in the query for the middleware to handle (login page, fatal error).
else void queryClient.prefetchQuery(meQueryOptions());
const router = firstScreen
  ? await createHydratingRouter(queryClient, firstScreen.router)
  : createAppRouter(queryClient);
installBfcacheRecheck(queryClient, (error) =>
  fatalErrorStore.set(error, browserNavigation.currentPath()),
);
schedulePrefetch([...ROUTES.map((route) => route.module.prefetch), NOT_FOUND_MODULE.prefetch]);

const container = document.getElementById(CONSOLE_ROOT_ID);
if (!container) throw new Error('#root がありません');

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ErrorBoundary
          scope="app"
          fallback={() => (isCrawler() ? null : <BrandedErrorPage status={500} />)}
        >
          <AppRoot router={router} />
        </ErrorBoundary>
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>
);
// Markup that does not match (it should not happen) is replaced by the browser's own render, as React does.
if (firstScreen) hydrateRoot(container, app);
else createRoot(container).render(app);
