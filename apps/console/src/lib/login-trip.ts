/**
 * One trip to the site's login page at a time. The site sends a live session straight back to the console;
 * when the console is refused again (the api refuses the user, or the site refuses the token while still
 * accepting the session) a second trip would loop for ever. Both refusals — `/me` (app/middleware/auth.ts)
 * and `/api/token/jwt` (token-store.ts) — go through this one guard.
 */

/** Within this time after a trip to the login page, a second refusal means the trip did not help. */
export const LOGIN_BOUNCE_WINDOW_MS = 30_000;
const BOUNCE_KEY = 'cloudsign:login-bounce';

/** What the error page (with ログアウト) says when the console stops instead of going round again. */
export const SESSION_REFUSED_MESSAGE =
  'ログイン状態を確認できませんでした。お手数ですが、ログアウトしてから、もう一度ログインしてください。';

type TripEnv = { storage: () => Storage; now: () => number };
const defaultEnv: TripEnv = { storage: () => window.sessionStorage, now: () => Date.now() };

/**
 * Records a trip and answers true when the console may go to the login page; false when it went there less
 * than LOGIN_BOUNCE_WINDOW_MS ago (or storage is unavailable, so a loop could not be noticed).
 */
export function mayTripToLogin(env: TripEnv = defaultEnv): boolean {
  const now = env.now();
  try {
    const storage = env.storage();
    const last = Number(storage.getItem(BOUNCE_KEY) ?? '0') || 0;
    if (now - last < LOGIN_BOUNCE_WINDOW_MS) return false;
    storage.setItem(BOUNCE_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/** The user was read: the next refusal may try the login page again. */
export function clearLoginTrip(env: TripEnv = defaultEnv): void {
  try {
    env.storage().removeItem(BOUNCE_KEY);
  } catch {
    // Nothing to clear.
  }
}
