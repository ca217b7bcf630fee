/** The SSO settings area's calls (server: modules/sso; console: features/sso). The SAML pages are the site's. */
import { endpoint } from './endpoint.ts';
import {
  ZSsoCertificatesRequest,
  ZSsoEnablePreview,
  ZSsoEnabledRequest,
  ZSsoMappingRequest,
  ZSsoMetadataRequest,
  ZSsoResponse,
} from './sso.ts';

export const ssoEndpoints = {
  get: endpoint({ method: 'GET', path: '/sso_settings', response: ZSsoResponse }),
  spMetadata: endpoint({ method: 'GET', path: '/sso_settings/sp_metadata', file: 'xml' }),
  putMetadata: endpoint({
    method: 'PUT',
    path: '/sso_settings/idp_metadata',
    ifMatch: true,
    body: ZSsoMetadataRequest,
    response: ZSsoResponse,
  }),
  putMapping: endpoint({
    method: 'PUT',
    path: '/sso_settings/mapping',
    ifMatch: true,
    body: ZSsoMappingRequest,
    response: ZSsoResponse,
  }),
  putCertificates: endpoint({
    method: 'PUT',
    path: '/sso_settings/certificates',
    ifMatch: true,
    body: ZSsoCertificatesRequest,
    response: ZSsoResponse,
  }),
  enablePreview: endpoint({
    method: 'GET',
    path: '/sso_settings/enable_preview',
    response: ZSsoEnablePreview,
  }),
  putEnabled: endpoint({
    method: 'PUT',
    path: '/sso_settings/enabled',
    body: ZSsoEnabledRequest,
    response: ZSsoResponse,
  }),
};
