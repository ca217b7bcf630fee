/** Session limits' calls (server: modules/session-limits; console: features/session-limits). */
import {
  ZSessionLimitsPreviewResponse,
  ZSessionLimitsResponse,
  ZUpdateSessionLimitsRequest,
} from './session-limits.ts';
import { endpoint } from './endpoint.ts';

export const sessionLimitsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/company/session_limits',
    response: ZSessionLimitsResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/company/session_limits',
    ifMatch: true,
    body: ZUpdateSessionLimitsRequest,
    response: ZSessionLimitsResponse,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/company/session_limits/preview',
    ifMatch: true,
    body: ZUpdateSessionLimitsRequest,
    response: ZSessionLimitsPreviewResponse,
  }),
};
