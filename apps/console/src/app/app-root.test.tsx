import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderWithUi } from '../testing/render.tsx';
import { FatalError, fatalErrorStore, isCrawler, pageNotFound } from '../lib/fatal-error.ts';
import { AppRoot } from './app-root.tsx';

const renderRoot = () => {
  const router = createMemoryRouter([{ path: '*', element: <p>ページ本体</p> }], {
    initialEntries: ['/cabinets'],
  });
  renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
      <AppRoot router={router} />
    </QueryClientProvider>,
  );
  return router;
};

afterEach(() => {
  fatalErrorStore.clear();
  vi.restoreAllMocks();
});

describe('application root (spec §2, §8)', () => {
  it('shows the routed page without a fatal error, the error page with one', async () => {
    renderRoot();
    expect(await screen.findByText('ページ本体')).toBeInTheDocument();
    act(() => fatalErrorStore.set(pageNotFound('/cabinets/not-a-uuid'), '/cabinets/not-a-uuid'));
    // Spec §2's Japanese 404 text on the screen; spec §8's English one only in the client log.
    expect(screen.getByTestId('error-message')).toHaveTextContent(
      'ご指定のページが見つかりませんでした。URLをご確認ください。',
    );
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
    expect(pageNotFound('/cabinets/not-a-uuid').message).toBe(
      'Page Not Found: /cabinets/not-a-uuid',
    );
    expect(screen.queryByText('ページ本体')).not.toBeInTheDocument();
  });

  it('leaving the failed location clears the fatal error', async () => {
    const router = renderRoot();
    act(() => fatalErrorStore.set(new FatalError(403), '/cabinets'));
    expect(screen.getByTestId('error-message')).toHaveTextContent(
      'ご指定のページが見つかりませんでした。URLをご確認ください。',
    );
    await act(() => router.navigate('/company/members'));
    expect(await screen.findByText('ページ本体')).toBeInTheDocument();
  });

  it('crawlers get no error page', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (compatible; Googlebot/2.1)',
    );
    renderRoot();
    act(() => fatalErrorStore.set(new FatalError(404), '/cabinets'));
    expect(screen.queryByTestId('error-message')).not.toBeInTheDocument();
  });

  it.each([
    'Googlebot/2.1',
    'Chrome-Lighthouse',
    'facebookexternalhit/1.1',
    'Mediapartners-Google',
    'bingbot',
  ])('%s is a crawler', (ua) => {
    expect(isCrawler(ua)).toBe(true);
  });
  it('a normal browser is not', () => {
    expect(
      isCrawler(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe(false);
  });
});
