import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { browserNavigation } from '../../lib/navigation.ts';
import { installBfcacheRecheck } from './auth.ts';

const state = vi.hoisted((): { calls: number; user: unknown } => ({ calls: 0, user: null }));
vi.mock('../../lib/current-user.ts', () => ({
  meQueryOptions: () => ({
    queryKey: ['me'],
    queryFn: () => {
      state.calls += 1;
      return Promise.resolve(state.user);
    },
    retry: false,
  }),
}));
vi.mock('../../lib/config.ts', () => ({
  getConfig: () => ({
    siteUrl: 'https://site.example',
    apiUrl: 'https://api.example',
    datadogClientToken: null,
    gtmId: null,
  }),
}));
const tokens = vi.hoisted(() => ({ clear: vi.fn() }));
vi.mock('../../lib/token-store.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/token-store.ts')>()),
  getTokenStore: () => tokens,
}));

describe('back/forward cache (spec §4)', () => {
  it('re-checks authentication when a page is restored, and sends a signed-out user to login', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    vi.spyOn(browserNavigation, 'currentPath').mockReturnValue('/cabinets');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['me'], { id: 'cached' });
    installBfcacheRecheck(queryClient, () => undefined);

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.calls).toBe(0);

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://site.example/login?return_to=%2Fcabinets'),
    );
    expect(state.calls).toBe(1);
    expect(tokens.clear).toHaveBeenCalledTimes(1);
  });
});
