import { useEffect } from 'react';
import { Button } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { ErrorPage } from '../components/error-page/error-page.tsx';
import { fatalErrorStore, isCrawler, useFatalError } from '../lib/fatal-error.ts';
import { logger } from '../lib/logger.ts';
import { logout } from '../lib/logout.ts';
import type { AppRouter } from './router.tsx';
import { useBrand } from './theme/theme-provider.tsx';

export function BrandedErrorPage({
  status,
  statusMessage,
}: {
  status: number;
  statusMessage?: string | null;
}) {
  const brand = useBrand();
  return (
    <ErrorPage
      status={status}
      statusMessage={statusMessage}
      logo={brand.logo}
      logoAlt={brand.logoAlt}
      action={
        // A session the api refuses: logging out ends it on the site too, so the next login starts clean.
        status === 401 ? <Button onClick={() => void logout()}>ログアウト</Button> : undefined
      }
    />
  );
}

/** Spec §2: the application root shows the error page when a fatal error exists, otherwise the routed page. */
export function AppRoot({ router }: { router: AppRouter }) {
  const fatal = useFatalError();

  // Leaving the failed location (Back, a link) clears the fatal error and shows the routed page again.
  useEffect(
    () =>
      router.subscribe((state) => {
        const current = fatalErrorStore.get();
        const path = `${state.location.pathname}${state.location.search}`;
        if (current && state.navigation.state === 'idle' && path !== current.path)
          fatalErrorStore.clear();
      }),
    [router],
  );

  // The page is the console's now: its buttons take clicks (console-ready.css held them until here).
  useEffect(() => document.documentElement.setAttribute('data-console-ready', ''), []);

  const isBot = isCrawler();
  useEffect(() => {
    if (fatal)
      logger.error('致命的なエラーが発生しました', fatal.error, {
        httpStatus: fatal.error.status,
        path: fatal.path,
      });
  }, [fatal]);

  // Spec §8: crawlers get no error page; the error is only logged.
  if (fatal && !isBot)
    return (
      <BrandedErrorPage status={fatal.error.status} statusMessage={fatal.error.statusMessage} />
    );
  return <RouterProvider router={router} />;
}
