import { z } from 'zod';
import { renderRequest } from './render-request.ts';

/**
 * Runtime configuration, written by the site into `/console-config.js` (loaded before the application by
 * index.html), so one build runs against any site/api address.
 */
const ZConsoleConfig = z.object({
  apiUrl: z.string().min(1),
  siteUrl: z.string().min(1),
  datadogClientToken: z.string().min(1).nullable().catch(null),
  gtmId: z.string().min(1).nullable().catch(null),
});
export type ConsoleConfig = z.infer<typeof ZConsoleConfig>;

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface can extend Window
  interface Window {
    __CLOUDSIGN_CONFIG__?: unknown;
  }
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads the configuration; without one (tests, a misconfigured host) the site is this origin. */
export function readConfig(source: unknown = window.__CLOUDSIGN_CONFIG__): ConsoleConfig {
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
