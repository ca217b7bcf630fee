import { ZLogoutResponse, meEndpoints } from '@cloudsign/contract';
import { getConfig } from './config.ts';
import { clearLoginTrip } from './login-trip.ts';
import { getTokenStore, loginUrl, type LoginNotice } from './token-store.ts';
import { browserNavigation } from './navigation.ts';
import { logger } from './logger.ts';

/**
 * Where to go after logout: the site's answer only when it stays on the site's origin (an answer is never
 * followed off-site), else the site's login page.
 */
export function logoutDestination(url: string | null, siteUrl: string): string {
  const fallback = `${siteUrl}/login`;
  if (!url) return fallback;
  try {
    return new URL(url, siteUrl).origin === new URL(siteUrl).origin
      ? new URL(url, siteUrl).href
      : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Spec §2, §7: POST the current token to the site, then go where it says (on the site only). When the site
 * refuses a token for a session it still accepts (the error page after one trip, lib/login-trip.ts), the POST
 * goes without one and the site ends the session by its cookie.
 */
export async function logout(options: { notice?: LoginNotice } = {}): Promise<void> {
  const { siteUrl } = getConfig();
  const tokens = getTokenStore();
  let url: string | null = null;
  try {
    // A fresh token: the site checks it proves this very session (spec §7).
    const token = await tokens.tokenForLogout();
    // Raw fetch: a call to the site with its session cookie, not to the api.
    const res = await fetch(`${siteUrl}${meEndpoints.logout.path}`, {
      method: meEndpoints.logout.method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify(token ? { token } : {}),
    });
    if (res.ok) {
      const parsed = ZLogoutResponse.safeParse(await res.json());
      if (parsed.success) url = parsed.data.url;
    }
  } catch (error) {
    logger.error('ログアウトに失敗しました。', error);
  }
  tokens.clear();
  // Signed out, the next refusal is the plain "not logged in": the login page, not the error page the
  // one-trip mark would show within its 30 s.
  clearLoginTrip();
  // Signed out by the console itself for a reason (the idle timeout): the login page says it, keeping the page.
  window.location.assign(
    options.notice
      ? loginUrl(siteUrl, browserNavigation.currentPath(), options.notice)
      : logoutDestination(url, siteUrl),
  );
}
