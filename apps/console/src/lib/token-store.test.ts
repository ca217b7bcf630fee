import { describe, expect, it, vi } from 'vitest';
import {
  TOKEN_REFRESH_MARGIN_MS,
  TokenError,
  createTokenStore,
  readExpiry,
} from './token-store.ts';
import { FatalError, fatalErrorStore } from './fatal-error.ts';
import { SESSION_REFUSED_MESSAGE } from './login-trip.ts';

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwtWithExp = (expSeconds: number, n = 0) =>
  `${b64url({ alg: 'EdDSA' })}.${b64url({ exp: expSeconds, n })}.sig`;

function setup(initialNow = 1_700_000_000_000) {
  let now = initialNow;
  let issued = 0;
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    issued += 1;
    // Each token lives 5 minutes (docs/design.md §1).
    return new Response(JSON.stringify({ jwt: jwtWithExp(Math.floor(now / 1000) + 300, issued) }), {
      status: 200,
    });
  });
  const redirect = vi.fn();
  const store = createTokenStore({
    siteUrl: 'https://site.example',
    fetch: fetchMock,
    now: () => now,
    redirect,
    mayTripToLogin: () => true,
    currentPath: () => '/company/members?page=2',
  });
  return { store, fetchMock, redirect, advance: (ms: number) => (now += ms) };
}

describe('token store (spec §4, §7)', () => {
  it('fetches from the site with cookies and the XMLHttpRequest header', async () => {
    const { store, fetchMock } = setup();
    await store.getToken();
    expect(fetchMock).toHaveBeenCalledWith('https://site.example/api/token/jwt', {
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    });
  });

  it('reuses the token until 30 s before exp', async () => {
    const { store, fetchMock, advance } = setup();
    const first = await store.getToken();
    advance(300_000 - TOKEN_REFRESH_MARGIN_MS - 1);
    expect(await store.getToken()).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes from 30 s before exp on', async () => {
    const { store, fetchMock, advance } = setup();
    const first = await store.getToken();
    advance(300_000 - TOKEN_REFRESH_MARGIN_MS);
    const second = await store.getToken();
    expect(second).not.toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shares one refresh between concurrent callers', async () => {
    const { store, fetchMock } = setup();
    const tokens = await Promise.all([
      store.getToken(),
      store.getToken(),
      store.getToken(),
      store.getToken(),
    ]);
    expect(new Set(tokens).size).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 403 sends the browser to the site login page with return_to', async () => {
    const { store, fetchMock, redirect } = setup();
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 403 }));
    await expect(store.getToken()).rejects.toBeInstanceOf(TokenError);
    expect(redirect).toHaveBeenCalledWith(
      'https://site.example/login?return_to=%2Fcompany%2Fmembers%3Fpage%3D2',
    );
  });

  it('after a failure the next call tries again (no stuck in-flight promise)', async () => {
    const { store, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    await expect(store.getToken()).rejects.toMatchObject({ status: 500 });
    await expect(store.getToken()).resolves.toMatch(/\./);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('clear() forgets the token; peek() shows what is held', async () => {
    const { store, fetchMock } = setup();
    const jwt = await store.getToken();
    expect(store.peek()).toBe(jwt);
    store.clear();
    expect(store.peek()).toBeNull();
    await store.getToken();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('tokenForLogout(): the fresh token held, a new one, or null when the site refuses (no trip, no error page)', async () => {
    const { store, fetchMock, redirect, advance } = setup();
    const held = await store.getToken();
    expect(await store.tokenForLogout()).toBe(held);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    advance(300_000);
    expect(await store.tokenForLogout()).toMatch(/\./);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 403 }));
    store.clear();
    expect(await store.tokenForLogout()).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await store.tokenForLogout()).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
    expect(fatalErrorStore.get()).toBeNull();
  });

  it('takes the request /console-config.js started, once; the refresh after it asks the site', async () => {
    let now = 1_700_000_000_000;
    const earlyJwt = jwtWithExp(Math.floor(now / 1000) + 300, 99);
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ jwt: jwtWithExp(2_000_000_000, 1) })),
    );
    const takeEarly = vi.fn(async () => new Response(JSON.stringify({ jwt: earlyJwt })));
    const store = createTokenStore({
      siteUrl: 'https://site.example',
      fetch: fetchMock,
      now: () => now,
      takeEarly,
    });
    expect(await store.getToken()).toBe(earlyJwt);
    expect(fetchMock).not.toHaveBeenCalled();
    now += 300_000;
    expect(await store.getToken()).toBe(jwtWithExp(2_000_000_000, 1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takeEarly).toHaveBeenCalledTimes(1);
  });

  it('an early request that failed on the network is asked again of the site', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ jwt: jwtWithExp(2_000_000_000, 1) })),
    );
    const store = createTokenStore({
      siteUrl: 'https://site.example',
      fetch: fetchMock,
      takeEarly: () => Promise.resolve(null),
    });
    expect(await store.getToken()).toBe(jwtWithExp(2_000_000_000, 1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 403 after a session this tab held: 「ログアウトされました」 before its end, 「有効期限切れ」 after', async () => {
    const { store, fetchMock, redirect, advance } = setup();
    const endsAt = new Date(1_700_000_000_000 + 3600_000).toISOString();
    const tokenUntilEnd = () =>
      new Response(
        JSON.stringify({ jwt: jwtWithExp(1_700_000_000 + 300), sessionExpiresAt: endsAt }),
      );
    fetchMock.mockResolvedValueOnce(tokenUntilEnd());
    await store.getToken();
    store.clear();
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 403 }));
    await expect(store.getToken()).rejects.toMatchObject({ status: 403 });
    expect(redirect).toHaveBeenLastCalledWith(
      'https://site.example/login?return_to=%2Fcompany%2Fmembers%3Fpage%3D2&notice=logged_out',
    );
    fetchMock.mockResolvedValueOnce(tokenUntilEnd());
    await store.getToken();
    advance(3600_000);
    store.clear();
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 403 }));
    await expect(store.getToken()).rejects.toMatchObject({ status: 403 });
    expect(redirect).toHaveBeenLastCalledWith(
      'https://site.example/login?return_to=%2Fcompany%2Fmembers%3Fpage%3D2&notice=session_expired',
    );
  });

  it('an early 403 sends the browser to the login page like a late one', async () => {
    const redirect = vi.fn();
    const store = createTokenStore({
      siteUrl: 'https://site.example',
      fetch: vi.fn(),
      redirect,
      mayTripToLogin: () => true,
      currentPath: () => '/cabinets',
      takeEarly: async () => new Response('{}', { status: 403 }),
    });
    await expect(store.getToken()).rejects.toMatchObject({ status: 403 });
    expect(redirect).toHaveBeenCalledWith('https://site.example/login?return_to=%2Fcabinets');
  });

  it('reads exp in seconds from the payload', () => {
    expect(readExpiry(jwtWithExp(1_700_000_300))).toBe(1_700_000_300_000);
    expect(readExpiry('garbage')).toBeNull();
  });

  it('a 403 right after a trip to the login page stops with the error page (ログアウト) instead of going again', async () => {
    const redirect = vi.fn();
    const trips = [true, false];
    const store = createTokenStore({
      siteUrl: 'https://site.example',
      fetch: vi.fn(async () => new Response('{}', { status: 403 })),
      redirect,
      mayTripToLogin: () => trips.shift()!,
      currentPath: () => '/cabinets',
    });
    await expect(store.getToken()).rejects.toMatchObject({ status: 403 });
    expect(redirect).toHaveBeenCalledTimes(1);
    // The site sent the browser straight back and refuses again.
    await expect(store.getToken()).rejects.toBeInstanceOf(FatalError);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(fatalErrorStore.get()).toMatchObject({
      path: '/cabinets',
      error: { status: 401, statusMessage: SESSION_REFUSED_MESSAGE },
    });
    fatalErrorStore.clear();
  });
});
