import type { FirstScreenRequest } from '@cloudsign/contract';

/**
 * The server side of the console's first screen (entry-server.tsx): while the site renders a page, the api
 * address and the signed-in member's token belong to that one request. They are read through a function the
 * server installs (backed by AsyncLocalStorage there), never kept in a module variable, so renders for two
 * members running at the same time can never see each other's token. In the browser nothing is installed and
 * every reader gets undefined.
 */
export type RenderRequest = Pick<FirstScreenRequest, 'apiUrl' | 'siteUrl' | 'jwt' | 'fetch'>;

// eslint-disable-next-line no-restricted-syntax -- the one per-process hook: set once by the server entry, it reads AsyncLocalStorage.
let read: (() => RenderRequest | undefined) | undefined;

/** Called once by the server entry. */
export function installRenderRequest(source: () => RenderRequest | undefined): void {
  read = source;
}

/** The request being rendered on the server; undefined in the browser. */
export const renderRequest = (): RenderRequest | undefined => read?.();
