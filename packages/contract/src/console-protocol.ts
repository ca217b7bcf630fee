/**
 * What the site (apps/server/src/site) and the console it serves agree on (docs/design.md §1): the names of
 * the window globals the site's config script sets, the ids in the page, the runtime configuration, and the
 * first-screen renderer's input and output. Both apps import this one module: a name or a field changed on
 * one side fails to compile on the other.
 */
import { z } from 'zod';

/** The runtime configuration `/console-config.js` sets: one build runs against any site/api address. */
export const CONSOLE_CONFIG_GLOBAL = '__CLOUDSIGN_CONFIG__';
/** The access-token request `/console-config.js` starts; the console's token store takes it once. */
export const EARLY_TOKEN_GLOBAL = '__CLOUDSIGN_EARLY_TOKEN__';
/** The element the console renders into (and hydrates, on a page the site rendered). */
export const CONSOLE_ROOT_ID = 'root';
/** The JSON data block beside a rendered first screen, which the console hydrates from. */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

export const ZConsoleConfig = z.object({
  apiUrl: z.string().min(1),
  siteUrl: z.string().min(1),
  datadogClientToken: z.string().min(1).nullable().catch(null),
  gtmId: z.string().min(1).nullable().catch(null),
});
export type ConsoleConfig = z.infer<typeof ZConsoleConfig>;

/** One render of a page's first screen, for one signed-in member. */
export type FirstScreenRequest = {
  /** The page's whole URL on the site, query string included. */
  url: string;
  /** Where the renderer reads the api (the site's API_INTERNAL_URL). */
  apiUrl: string;
  siteUrl: string;
  /** The member's api token, minted by the site for this render only. */
  jwt: string;
  /** The site's fetch: reads still running when the budget is spent are cancelled. */
  fetch: typeof fetch;
  /** The site's time budget: given up (null) when it aborts. */
  signal: AbortSignal;
};

export type FirstScreen<State = unknown> = {
  /** The markup inside #root. */
  html: string;
  /** What the browser's router and query cache start from, written as JSON beside the markup. */
  state: State;
};

/** The console's server bundle (its entry-server.tsx): the default export the site loads. */
export type FirstScreenRenderer = {
  /**
   * The source file of the page module this path opens, as Vite's manifest names it (its chunks are
   * preloaded with the page), or null for a path of no route.
   */
  pageFileOf: (pathname: string) => string | null;
  /** The document title when the site renders this path's first screen, else null. */
  serverRenderedTitle: (pathname: string) => string | null;
  /** The first screen, or null for the plain page (a redirect, an error page, a failed or slow read). */
  renderFirstScreen: (input: FirstScreenRequest) => Promise<FirstScreen | null>;
};
