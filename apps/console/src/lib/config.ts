import { CONSOLE_CONFIG_GLOBAL, ZConsoleConfig, type ConsoleConfig } from '@cloudsign/contract';
import { renderRequest } from './render-request.ts';

/**
 * Runtime configuration (the contract's console-protocol.ts), written by the site into `/console-config.js`
 * (loaded before the application by index.html), so one build runs against any site/api address.
 */
export type { ConsoleConfig };

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface can extend Window
  interface Window {
    [CONSOLE_CONFIG_GLOBAL]?: unknown;
  }
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads the configuration; without one (tests, a misconfigured host) the site is this origin. */
export function readConfig(source: unknown = window[CONSOLE_CONFIG_GLOBAL]): ConsoleConfig {
  const parsed = ZConsoleConfig.safeParse(source);
  if (parsed.success) {
    return {
      ...parsed.data,
      apiUrl: stripSlash(parsed.data.apiUrl),
      siteUrl: stripSlash(parsed.data.siteUrl),
    };
  }
  return {
    apiUrl: window.location.origin,
    siteUrl: window.location.origin,
    datadogClientToken: null,
    gtmId: null,
  };
}

// eslint-disable-next-line no-restricted-syntax -- browser only: the server answers above, per request.
let cached: ConsoleConfig | undefined;
export function getConfig(): ConsoleConfig {
  // On the server the addresses are the rendered request's, and nothing is cached for the next one.
  const server = renderRequest();
  if (server)
    return {
      apiUrl: server.apiUrl,
      siteUrl: server.siteUrl,
      datadogClientToken: null,
      gtmId: null,
    };
  cached ??= readConfig();
  return cached;
}
