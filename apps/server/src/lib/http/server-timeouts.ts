/**
 * Node's HTTP server options of the site and the api. Headers must arrive within HEADERS_TIMEOUT_MS (Node's
 * default is 60 s, checked every 30 s): a client sending its headers a byte at a time holds a connection
 * before any hook (and so before the per-address limit and the body's minimum rate) can see it. Past the
 * deadline Node answers 408, in our shape through client-error.ts. A browser sends its headers at once.
 */
export const HEADERS_TIMEOUT_MS = 10_000;

export const HTTP_SERVER_OPTIONS = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  // How often Node checks the deadline: the cut comes at most this late.
  connectionsCheckingInterval: 1_000,
};
