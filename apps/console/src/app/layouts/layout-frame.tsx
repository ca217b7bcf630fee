import { Suspense, type ReactNode } from 'react';
import { AppShell, Box, Center, Group, Loader } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { AlertArea } from '../../components/alerts/index.ts';
import { ErrorBoundary } from '../../components/error-boundary/error-boundary.tsx';
import { PageError } from '../../components/error-page/page-error.tsx';
import { isChunkLoadError } from '../../lib/chunk-reload.ts';
import { AppHeader } from './app-header.tsx';
import { GlobalNav } from './global-nav.tsx';
import { MemberBulkNav } from './member-bulk-nav.tsx';

export type LayoutName = 'default' | 'no-global-nav' | 'two-columns' | 'no-global-nav-two-columns';

const HEADER_HEIGHT = 60;
const NAV_WIDTH = 224;

export const PageLoading = () => (
  <Center py={80} aria-label="読み込み中">
    <Loader size="sm" />
  </Center>
);

/** Header, optional global navigation, optional left sub-navigation, and the page. */
export function LayoutFrame({
  name,
  hasGlobalNav,
  hasSubNav,
}: {
  name: LayoutName;
  hasGlobalNav: boolean;
  hasSubNav: boolean;
}) {
  const { pathname } = useLocation();
  let content: ReactNode = (
    <ErrorBoundary
      scope="route"
      key={pathname}
      fallback={(error) => <PageError error={error} isChunkFailure={isChunkLoadError(error)} />}
    >
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
  if (hasSubNav) {
    content = (
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box component="aside" w={200} style={{ flexShrink: 0 }} data-testid="sub-nav">
          <MemberBulkNav />
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>{content}</Box>
      </Group>
    );
  }
  return (
    <AppShell
      data-layout={name}
      header={{ height: HEADER_HEIGHT }}
      navbar={hasGlobalNav ? { width: NAV_WIDTH, breakpoint: 'sm' } : undefined}
      padding="xl"
      bg="gray.0"
      style={{ position: 'relative' }}
    >
      {hasGlobalNav && (
        // The navigation is fixed to the viewport, so a whole-page view (a full-page capture, printing) showed
        // its white column ending at the first screen with grey below: this backdrop draws the column down the
        // page's full height behind it.
        <Box
          visibleFrom="sm"
          aria-hidden
          data-testid="global-nav-column"
          pos="absolute"
          top={0}
          bottom={0}
          left={0}
          w={NAV_WIDTH}
          bg="white"
          style={{ borderRight: '1px solid var(--app-shell-border-color)' }}
        />
      )}
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      {hasGlobalNav && (
        <AppShell.Navbar p="sm" data-testid="global-nav">
          <GlobalNav />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Box maw={1280} mx="auto">
          <AlertArea area="main" />
          {content}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

export const DefaultLayout = () => <LayoutFrame name="default" hasGlobalNav hasSubNav={false} />;
export const NoGlobalNavLayout = () => (
  <LayoutFrame name="no-global-nav" hasGlobalNav={false} hasSubNav={false} />
);
export const TwoColumnsLayout = () => <LayoutFrame name="two-columns" hasGlobalNav hasSubNav />;
export const NoGlobalNavTwoColumnsLayout = () => (
  <LayoutFrame name="no-global-nav-two-columns" hasGlobalNav={false} hasSubNav />
);
