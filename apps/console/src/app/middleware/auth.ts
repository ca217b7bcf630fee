import type { QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@cloudsign/contract';
import { isApiError } from '../../lib/api-error.ts';
import { meQueryOptions } from '../../lib/current-user.ts';
import { getConfig } from '../../lib/config.ts';
import { FatalError, isFatalError } from '../../lib/fatal-error.ts';
import { SESSION_REFUSED_MESSAGE, clearLoginTrip, mayTripToLogin } from '../../lib/login-trip.ts';
import { browserNavigation, never } from '../../lib/navigation.ts';
import { TokenError, getTokenStore, loginUrl } from '../../lib/token-store.ts';
import type { Middleware } from './types.ts';

/**
 * To the site's login page, once (lib/login-trip.ts). If the api refuses the user again within the window,
 * the console stops (fatal 401 with ログアウト) instead of bouncing forever.
 */
function goToLogin(returnTo: string): Promise<never> {
  if (!mayTripToLogin()) throw new FatalError(401, SESSION_REFUSED_MESSAGE);
  browserNavigation.assign(loginUrl(getConfig().siteUrl, returnTo));
  return never();
}

/**
 * Spec §6, §8: no user, or the user fetch failing with 401/403 (or the token fetch with 403) → the site's
 * login page with return_to; any other failure → fatal 403.
 */
export async function loadUser(
  queryClient: QueryClient,
  returnTo: string,
  force = false,
): Promise<TCurrentUser> {
  let user: TCurrentUser | null;
  try {
    user = force
      ? await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 })
      : await queryClient.ensureQueryData({ ...meQueryOptions(), revalidateIfStale: true });
  } catch (error) {
    // The token store went to the login page already, or stopped with the error page (a second refusal).
    if (isFatalError(error)) throw error;
    if (error instanceof TokenError && error.status === 403) return never();
    if (isApiError(error) && (error.status === 401 || error.status === 403))
      return goToLogin(returnTo);
    throw new FatalError(403);
  }
  if (!user) return goToLogin(returnTo);
  clearLoginTrip();
  return user;
}

export const auth: Middleware = async (context) => {
  context.user = await loadUser(
    context.queryClient,
    `${context.url.pathname}${context.url.search}`,
  );
};

/**
 * Spec §4: a page restored from the back/forward cache re-checks authentication (the session may have
 * ended in another tab meanwhile).
 */
export function installBfcacheRecheck(
  queryClient: QueryClient,
  onFatal: (error: FatalError) => void,
): void {
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    getTokenStore().clear();
    loadUser(queryClient, browserNavigation.currentPath(), true).catch((error: unknown) => {
      if (error instanceof FatalError) onFatal(error);
    });
  });
}
