/**
 * A SCIM token's own share of the api's admission (api/plugins/admission.ts, docs/design.md §5): each token
 * has SCIM_MAX_CONCURRENT_PER_TOKEN requests in progress at once, so one IdP at high concurrency cannot take
 * every place of the shared gate, and is not counted with the console behind the same address.
 */
import type { FastifyRequest } from 'fastify';
import { SCIM_BASE_PATH } from '@cloudsign/contract';
import type { Refuse } from '../../lib/http/refuse.ts';
import { hashProvisioningSecret } from './provisioning-tokens.service.ts';
import { ScimError, scimErrorBody } from './scim-errors.ts';
import { SCIM_CONTENT_TYPE } from './scim-schemas.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The token by its secret's hash (the stored one is the same SHA-256), known without a lookup: a refusal
 * costs no database work. The server's log names the key, never the secret.
 */
export function scimTokenKey(request: FastifyRequest): string | null {
  const url = request.url;
  if (url !== SCIM_BASE_PATH && !url.startsWith(`${SCIM_BASE_PATH}/`)) return null;
  const match = BEARER.exec(request.headers.authorization ?? '');
  return match ? `scim:${hashProvisioningSecret(match[1]!).slice(0, 16)}` : null;
}

/** 429 in the SCIM error schema (RFC 7644 §3.12); Retry-After is set by the limit. */
export const refuseAsScim: Refuse = (_request, reply, _code, message) =>
  reply
    .status(429)
    .type(SCIM_CONTENT_TYPE)
    .send(scimErrorBody(new ScimError(429, message ?? 'リクエストが多すぎます。')));
