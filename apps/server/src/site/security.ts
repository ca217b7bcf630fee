import type { FastifyRequest } from 'fastify';
import { cspSourcesOf, type Env } from '../config/env.ts';

/**
 * CSP for the console SPA and the login pages. Mantine injects <style> elements, hence 'unsafe-inline'
 * for styles only; scripts come from our origin (the config is an external script, /console-config.js).
 * The PDF viewer embeds files served by the api, so frames and objects allow the api origin and blobs.
 */
export function cspDirectives(
  env: Pick<
    Env,
    | 'API_URL'
    | 'GTM_ID'
    | 'DATADOG_CLIENT_TOKEN'
    | 'CSP_EXTRA_SCRIPT_SRC'
    | 'CSP_EXTRA_CONNECT_SRC'
    | 'CSP_EXTRA_IMG_SRC'
  >,
) {
  const api = new URL(env.API_URL).origin;
  const gtm = env.GTM_ID ? ['https://www.googletagmanager.com'] : [];
  // browser-logs posts to browser-intake-<site>.com hosts; *.datadoghq.com covers the regional ones.
  const datadog = env.DATADOG_CLIENT_TOKEN
    ? ['https://*.datadoghq.com', 'https://browser-intake-datadoghq.com']
    : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // The CSP_EXTRA_* origins: what a tag manager container's tags load and send, set by the operator.
    scriptSrc: ["'self'", ...gtm, ...cspSourcesOf(env.CSP_EXTRA_SCRIPT_SRC)],
    connectSrc: ["'self'", api, ...datadog, ...cspSourcesOf(env.CSP_EXTRA_CONNECT_SRC)],
    imgSrc: ["'self'", 'data:', 'blob:', ...gtm, ...cspSourcesOf(env.CSP_EXTRA_IMG_SRC)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    frameSrc: ["'self'", api, 'blob:'],
    objectSrc: ["'self'", api, 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
  };
}

/**
 * A request started by another site: Sec-Fetch-Site: cross-site, or an Origin other than ours (browsers
 * send it on every POST and on cross-origin fetches). `Origin: null` (privacy-sensitive contexts) is only
 * accepted when the browser itself vouches for a same-origin request. Such requests never reach
 * session-bearing endpoints, which, with SameSite=Lax cookies, closes CSRF and login CSRF.
 */
export function isCrossSite(request: FastifyRequest, siteUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined || origin === new URL(siteUrl).origin) return false;
  return !(origin === 'null' && fetchSite === 'same-origin');
}

/** Client address for rate limiting: the peer, or X-Forwarded-For through the proxies TRUST_PROXY names. */
export const clientIp = (request: FastifyRequest) => request.ip || 'unknown';
