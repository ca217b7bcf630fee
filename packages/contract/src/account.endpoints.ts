/** アカウント設定's calls (server: modules/account; console: features/account). */
import { ZIdParams } from './common.ts';
import { endpoint } from './endpoint.ts';
import {
  ZAccountResponse,
  ZAccountSessionsResponse,
  ZBackupCodesResponse,
  ZChangePasswordRequest,
  ZMfaSecretResponse,
  ZReRegisterMfaRequest,
  ZSessionsEndedResponse,
} from './account.ts';

export const accountEndpoints = {
  get: endpoint({ method: 'GET', path: '/account', response: ZAccountResponse }),
  changePassword: endpoint({
    method: 'POST',
    path: '/account/password',
    body: ZChangePasswordRequest,
    response: ZSessionsEndedResponse,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/account/sessions',
    response: ZAccountSessionsResponse,
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/account/sessions/:id',
    params: ZIdParams,
    response: ZSessionsEndedResponse,
  }),
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/account/sessions/end_others',
    response: ZSessionsEndedResponse,
  }),
  /** A new key and its QR code; writes nothing (answered no-store). */
  mfaSecret: endpoint({ method: 'GET', path: '/account/mfa/secret', response: ZMfaSecretResponse }),
  reRegisterMfa: endpoint({
    method: 'POST',
    path: '/account/mfa',
    body: ZReRegisterMfaRequest,
    response: ZBackupCodesResponse,
  }),
};
