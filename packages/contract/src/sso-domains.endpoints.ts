/** The SSO domains' calls (server: modules/sso/sso-domains.*; console: features/sso, ドメイン). */
import { ZIdParams, ZOk } from './common.ts';
import { endpoint } from './endpoint.ts';
import { ZSsoDomain, ZSsoDomainRequest, ZSsoDomainsResponse } from './sso-domains.ts';

export const ssoDomainEndpoints = {
  find: endpoint({ method: 'GET', path: '/sso_settings/domains', response: ZSsoDomainsResponse }),
  create: endpoint({
    method: 'POST',
    path: '/sso_settings/domains',
    body: ZSsoDomainRequest,
    response: ZSsoDomain,
    status: 201,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/sso_settings/domains/:id/verify',
    params: ZIdParams,
    response: ZSsoDomain,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/sso_settings/domains/:id',
    params: ZIdParams,
    response: ZOk,
  }),
};
