/**
 * A SCIM token's own share of the api's admission (api/plugins/admission.ts, docs/design.md §5): each token
 * has SCIM_MAX_CONCURRENT_PER_TOKEN requests in progress at once, so one IdP at high concurrency cannot take
 * every place of the shared gate, and is not counted with the console behind the same address.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { Refuse } from '../../lib/http/refuse.ts';
import { SCIM_BASE_PATH, ipRefusedMessage } from '@cloudsign/contract';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import { checkIpAddress } from '../ip-restriction/ip-restriction.enforce.ts';
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
 * unknown or revoked token writes nothing, as its requests' 401 does not. A client outside the company's SCIM
 * address ranges is answered the IP refusal (403) instead, as the SCIM hook would have answered it.
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
  /** The token of a live secret, or null (unknown, revoked, or none sent). */
  const liveToken = async (request: FastifyRequest) => {
    const secret = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!secret) return null;
    const token = await tokenOf(hashProvisioningSecret(secret));
    return token && !token.revokedAt ? token : null;
  };
  const logRefusal = async (
    request: FastifyRequest,
    token: NonNullable<Awaited<ReturnType<typeof liveToken>>>,
    status: number,
    detail: string,
  ) => {
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
      status,
      detail: detail.slice(0, 500),
    });
  };
  /**
   * A client outside the company's SCIM address ranges (制限する) gets the IP refusal the SCIM hook would have
   * given it, never the cap's 429: that would tell it the token is live and busy. Decided as the hook decides
   * (the same cached list, the same record of the refusal).
   */
  const outsideRanges = async (
    request: FastifyRequest,
    token: NonNullable<Awaited<ReturnType<typeof liveToken>>>,
  ) => {
    const ip = await checkIpAddress(
      deps,
      {
        companyId: token.companyId,
        actor: { id: token.id, name: token.name, email: '' },
        origin: requestOrigin(request),
      },
      'scim',
      'scim',
    );
    return ip.outcome === 'refused' ? ip.address : null;
  };
  const refuse = async (request: FastifyRequest, reply: FastifyReply, message: string) => {
    let scim = new ScimError(429, message);
    let token: Awaited<ReturnType<typeof liveToken>> = null;
    try {
      token = await liveToken(request);
      const address = token ? await outsideRanges(request, token) : null;
      if (address !== null) {
        scim = new ScimError(403, ipRefusedMessage(address));
        reply.removeHeader('retry-after');
      }
    } catch (err) {
      request.log.warn({ err }, 'SCIM refusal: token or address list not read');
    }
    if (token)
      logRefusal(request, token, scim.status, scim.message).catch((err: unknown) =>
        request.log.warn({ err }, 'provisioning log not written'),
      );
    return reply.status(scim.status).type(SCIM_CONTENT_TYPE).send(scimErrorBody(scim));
  };
  return (request, reply, _code, message) =>
    refuse(request, reply, message ?? 'リクエストが多すぎます。');
}
