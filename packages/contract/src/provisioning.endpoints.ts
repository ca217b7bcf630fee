/** The provisioning tokens' calls (server: modules/provisioning; console: features/provisioning). */
import { ZIdParams } from './common.ts';
import { endpoint } from './endpoint.ts';
import {
  ZCreateProvisioningTokenRequest,
  ZCreatedProvisioningToken,
  ZProvisioningLogResponse,
  ZProvisioningTokenResponse,
  ZProvisioningTokensResponse,
} from './provisioning.ts';

export const provisioningEndpoints = {
  findTokens: endpoint({
    method: 'GET',
    path: '/provisioning/tokens',
    response: ZProvisioningTokensResponse,
  }),
  createToken: endpoint({
    method: 'POST',
    path: '/provisioning/tokens',
    body: ZCreateProvisioningTokenRequest,
    response: ZCreatedProvisioningToken,
    status: 201,
  }),
  revokeToken: endpoint({
    method: 'POST',
    path: '/provisioning/tokens/:id/revoke',
    params: ZIdParams,
    response: ZProvisioningTokenResponse,
  }),
  findLog: endpoint({
    method: 'GET',
    path: '/provisioning/log',
    response: ZProvisioningLogResponse,
  }),
};
