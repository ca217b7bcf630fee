import {
  EARLY_TOKEN_GLOBAL,
  SESSION_END_HEADER,
  ZTokenResponse,
  meEndpoints,
} from '@cloudsign/contract';
import { getConfig } from './config.ts';
import { FatalError, fatalErrorStore } from './fatal-error.ts';
import { SESSION_REFUSED_MESSAGE, mayTripToLogin } from './login-trip.ts';
import { browserNavigation } from './navigation.ts';

/** Spec §4, §9: a token is reused until 30 seconds before its exp, then refreshed. */
export const TOKEN_REFRESH_MARGIN_MS = 30_000;

export type TokenStoreOptions = {
  siteUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Full-page navigation to the site's login page (spec §7: a 403 on the token request). */
  redirect?: (url: string) => void;
  /** The one-trip guard (login-trip.ts): false when the login page was tried moments ago already. */
  mayTripToLogin?: () => boolean;
  currentPath?: () => string;
  /**
   * The token request /console-config.js started before the modules loaded (null: it failed on the network).
   * Taken by the first fetch only; a later refresh always asks the site afresh.
   */
  takeEarly?: () => Promise<Response | null> | undefined;
};

export class TokenError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/** Reads the `exp` claim (seconds) without verifying: the api verifies, the console only schedules refreshes. */
export function readExpiry(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(json);
    if (
      typeof claims === 'object' &&
      claims !== null &&
      'exp' in claims &&
      typeof claims.exp === 'number'
    ) {
      return claims.exp * 1000;
    }
  } catch {
    return null;
  }
  return null;
}

/** Why the login page is shown, in the site's words (modules/sign-in/login.routes.ts NOTICES). */
export type LoginNotice = 'logged_out' | 'session_expired' | 'idle_timeout';

/** The reason the site gives for refusing a session a company limit ended (its x-session-end header). */
const limitNotice = (res: Response): LoginNotice | undefined => {
  const end = res.headers.get(SESSION_END_HEADER);
  return end === 'idle_timeout' || end === 'session_expired' ? end : undefined;
};

export function loginUrl(siteUrl: string, returnTo: string, notice?: LoginNotice): string {
  const why = notice ? `&notice=${notice}` : '';
  return `${siteUrl}/login?return_to=${encodeURIComponent(returnTo)}${why}`;
}

/**
 * Holds the api token in memory only (STYLE.md: never localStorage, so a script injected into another tab
 * or a stolen disk image cannot lift it). Concurrent callers share one in-flight refresh.
 */
export function createTokenStore(options: TokenStoreOptions) {
  const doFetch =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const redirect = options.redirect ?? ((url: string) => browserNavigation.assign(url));
  const currentPath = options.currentPath ?? (() => browserNavigation.currentPath());
  const mayTrip = options.mayTripToLogin ?? mayTripToLogin;

  let token: { jwt: string; expiresAt: number } | null = null;
  /**
   * When the session this tab held ends (from the site's last token answer); null before any. A refusal after
   * one is a session that ended: past this time it expired, before it was ended elsewhere (logged out in
   * another tab, ended from アカウント設定, revoked by an admin), and the login page says which.
   */
  let sessionEndsAt: number | null = null;
  const noticeOfRefusal = (): LoginNotice | undefined => {
    if (sessionEndsAt === null) return undefined;
    return now() >= sessionEndsAt ? 'session_expired' : 'logged_out';
  };
  let inFlight: Promise<string> | null = null;
  let early = options.takeEarly?.();

  const isFresh = (t: { expiresAt: number }) => now() < t.expiresAt - TOKEN_REFRESH_MARGIN_MS;

  async function fetchToken(): Promise<string> {
    const started = early;
    early = undefined;
    const res =
      (started && (await started)) ??
      // Raw fetch, not callEndpoint: the site's own origin and session cookie, and no api token to attach.
      (await doFetch(`${options.siteUrl}${meEndpoints.token.path}`, {
        credentials: 'include',
        headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
      }));
    if (res.status === 403) {
      // The site refuses the token while its login page still accepts the session (and sends the browser
      // straight back): one trip, then the error page with ログアウト rather than a loop of reloads.
      if (!mayTrip()) {
        const refused = new FatalError(401, SESSION_REFUSED_MESSAGE);
        fatalErrorStore.set(refused, currentPath());
        throw refused;
      }
      redirect(loginUrl(options.siteUrl, currentPath(), limitNotice(res) ?? noticeOfRefusal()));
      throw new TokenError('ログインが必要です。', 403);
    }
    if (!res.ok) throw new TokenError('認証情報を取得できませんでした。', res.status);
    const { jwt, sessionExpiresAt } = ZTokenResponse.parse(await res.json());
    token = { jwt, expiresAt: readExpiry(jwt) ?? now() };
    const ends = sessionExpiresAt ? Date.parse(sessionExpiresAt) : NaN;
    sessionEndsAt = Number.isNaN(ends) ? null : ends;
    return jwt;
  }

  return {
    async getToken(): Promise<string> {
      if (token && isFresh(token)) return token.jwt;
      inFlight ??= fetchToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    /**
     * A token for logout: the one held while fresh, else a new one from the site; null when the site refuses
     * (logout then goes by the session cookie alone). Never a trip to the login page or an error page: the
     * person is leaving either way.
     */
    async tokenForLogout(): Promise<string | null> {
      if (token && isFresh(token)) return token.jwt;
      try {
        const res = await doFetch(`${options.siteUrl}${meEndpoints.token.path}`, {
          credentials: 'include',
          headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
        });
        if (!res.ok) return null;
        const parsed = ZTokenResponse.safeParse(await res.json());
        return parsed.success ? parsed.data.jwt : null;
      } catch {
        return null;
      }
    },
    /** The token currently held, fresh or not (logout proves the session with it). */
    peek(): string | null {
      return token?.jwt ?? null;
    },
    /** Forget the token (an api 401, a bfcache restore): the next call fetches a new one. */
    clear(): void {
      token = null;
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface can extend Window
  interface Window {
    [EARLY_TOKEN_GLOBAL]?: Promise<Response | null>;
  }
}

/** Hands over the early token request once, so a bfcache restore or a later refresh never reuses it. */
function takeEarlyToken(): Promise<Response | null> | undefined {
  const early = window[EARLY_TOKEN_GLOBAL];
  delete window[EARLY_TOKEN_GLOBAL];
  return early;
}

// eslint-disable-next-line no-restricted-syntax -- browser only: on the server http.ts takes the rendered request's token.
let store: TokenStore | undefined;
export function getTokenStore(): TokenStore {
  store ??= createTokenStore({ siteUrl: getConfig().siteUrl, takeEarly: takeEarlyToken });
  return store;
}
