/**
 * A SCIM token's own share of the api's admission (api/plugins/admission.ts, docs/design.md §5): each token
 * has SCIM_MAX_CONCURRENT_PER_TOKEN requests in progress at once, so one IdP at high concurrency cannot take
 * every place of the shared gate, and is not counted with the console behind the same address.
 */
import type { FastifyRequest } from 'fastify';
import { SCIM_BASE_PATH } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import type { Refuse } from '../../lib/http/refuse.ts';
import { hashProvisioningSecret } from './provisioning-tokens.service.ts';
import { findTokenByHash } from './provisioning.repository.ts';
import { scimLogWriter } from './scim-log-writer.ts';
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

/** How long the refusal path reuses a token it looked up, and how many it remembers. */
const TOKEN_TTL_MS = 60_000;
const MAX_TOKENS = 1_000;

/**
 * 429 in the SCIM error schema (RFC 7644 §3.12); Retry-After is set by the limit. The refusal is a line of the
 * provisioning log like any request's, written after the answer, never before it: the token is found by its
 * hash only when a request is refused (once a minute per token, however many are refused), and the lines join
 * the log's batched inserts (scim-log-writer.ts), so a burst past the cap costs no statement per request. An
 * unknown or revoked token writes nothing, as its requests' 401 does not.
 */
export function refuseAsScim(deps: AppDeps): Refuse {
  const writeLog = scimLogWriter(() => deps.database.db);
  const tokens = new Map<string, { until: number; row: ReturnType<typeof findTokenByHash> }>();
  const tokenOf = (hash: string) => {
    const now = Date.now();
    const known = tokens.get(hash);
    if (known && known.until > now) return known.row;
    if (tokens.size >= MAX_TOKENS) tokens.clear();
    const row = findTokenByHash(deps.database.db, hash);
    tokens.set(hash, { until: now + TOKEN_TTL_MS, row });
    row.catch(() => tokens.delete(hash));
    return row;
  };
  const logRefusal = async (request: FastifyRequest, detail: string) => {
    const secret = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!secret) return;
    const token = await tokenOf(hashProvisioningSecret(secret));
    if (!token || token.revokedAt) return;
    const path = request.url.split('?')[0]!.slice(SCIM_BASE_PATH.length);
    const [, resource = '', id = ''] = path.split('/');
    const query = request.query as { filter?: unknown } | undefined;
    const filter = typeof query?.filter === 'string' ? query.filter : '';
    await writeLog({
      companyId: token.companyId,
      occurredAt: deps.clock(),
      tokenId: token.id,
      tokenName: token.name,
      method: request.method,
      resource,
      target: (id || filter).slice(0, 300),
      status: 429,
      detail: detail.slice(0, 500),
    });
  };
  return (request, reply, _code, message) => {
    const scim = new ScimError(429, message ?? 'リクエストが多すぎます。');
    logRefusal(request, scim.message).catch((err: unknown) =>
      request.log.warn({ err }, 'provisioning log not written'),
    );
    return reply.status(429).type(SCIM_CONTENT_TYPE).send(scimErrorBody(scim));
  };
}
