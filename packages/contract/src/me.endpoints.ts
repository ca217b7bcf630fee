/**
 * The signed-in user's and the console's own calls: GET /me, the client log intake, and the main site's token
 * and logout calls (server: modules/me, modules/client-logs, modules/sign-in/token.routes; console: lib).
 */
import { endpoint } from './endpoint.ts';
import { ZLogoutRequest, ZLogoutResponse, ZMeResponse, ZTokenResponse } from './me.ts';

export const meEndpoints = {
  get: endpoint({ method: 'GET', path: '/me', response: ZMeResponse }),
  /** The Datadog browser SDK posts text/plain batches here (its `proxy`); the answer is an empty 202. */
  clientLogs: endpoint({ method: 'POST', path: '/client-logs', status: 202 }),
  /**
   * On the main site, not the api (the paths include the site's `/api`): the console calls them with raw
   * fetch and the site's session cookie, so they never go through callEndpoint.
   */
  token: endpoint({ method: 'GET', path: '/api/token/jwt', response: ZTokenResponse }),
  logout: endpoint({
    method: 'POST',
    path: '/api/company/logout',
    body: ZLogoutRequest,
    response: ZLogoutResponse,
  }),
};
