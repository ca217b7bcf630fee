/**
 * `{API_URL}/scim/v2` (RFC 7644): Entra ID and Okta provision members and member groups with a company's
 * provisioning token. The console's session authentication does not apply here (`isPublic`); the token does,
 * and reaches its own company only (another company's ids are unknown: 404). Every answer, errors included,
 * is `application/scim+json`; every request is written to the provisioning log (kept 30 days).
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { ipRefusedMessage } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import { authenticateToken, scimBaseUrl, type ScimCaller } from './provisioning-tokens.service.ts';
import { scimLogWriter, type LogRow } from './scim-log-writer.ts';
import { ScimError, scimErrorBody, toScimError } from './scim-errors.ts';
import { checkIpAddress } from '../ip-restriction/ip-restriction.enforce.ts';
import {
  SCIM_CONTENT_TYPE,
  resourceTypesDocument,
  schemaById,
  schemasDocument,
  serviceProviderConfig,
} from './scim-schemas.ts';
import type { ScimListQuery } from './scim-paging.ts';
import { scimWho, type ScimWho } from './scim-who.ts';
import * as users from './scim-users.service.ts';
import * as groups from './scim-groups.service.ts';

type Scim = {
  caller: ScimCaller;
  who: ScimWho;
  target: string;
  detail: string;
  /**
   * The status of the request's line of the provisioning log written with its work (a 201 with the member it
   * made, a list's 200 with its page): the log hook writes none for that answer.
   */
  loggedStatus?: number;
};

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the SCIM token hook on /scim/v2 requests. */
    scim: Scim | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

type IdParams = { Params: { id: string } };
type ListQuery = { Querystring: ScimListQuery };

const unauthorized = (detail: string) => new ScimError(401, detail);

const config = { isPublic: true };
// SCIM's reference is RFC 7643/7644 (and /Schemas), not the console's OpenAPI document.
const schema = { hide: true };

export const scimRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const baseUrl = scimBaseUrl(deps);
  installScimHandling(app, deps);
  resourceRoutes(app, deps, baseUrl);
};

/**
 * What every SCIM request goes through: the token (and the company's SCIM IP list), the SCIM media type, the
 * provisioning log line, and errors in the SCIM error schema.
 */
function installScimHandling(app: FastifyInstance, deps: AppDeps) {
  app.addContentTypeParser(
    ['application/scim+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.decorateRequest('scim', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('Authorization: Bearer <トークン> を指定してください。');
    const origin = requestOrigin(request);
    const caller = await authenticateToken(deps, match[1]!, origin);
    if (caller === 'revoked') throw unauthorized('このトークンは無効化されています。');
    if (!caller) throw unauthorized('トークンが正しくありません。');
    request.scim = { caller, who: scimWho(caller, origin), target: '', detail: '' };
    // The company's SCIM list (IP address restriction): outside it, 記録のみ records and 制限する refuses.
    const actor = { id: caller.tokenId, name: caller.tokenName, email: '' };
    const ip = await checkIpAddress(
      deps,
      { companyId: caller.companyId, actor, origin },
      'scim',
      'scim',
    );
    if (ip.outcome === 'refused') throw new ScimError(403, ipRefusedMessage(ip.address));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json'))
      reply.header('content-type', SCIM_CONTENT_TYPE);
    return payload;
  });

  // Written before the answer leaves (onSend, not onResponse): an IdP that reads the log right after its
  // request finds it there. Concurrent requests' rows are written together (scim-log-writer.ts).
  const writeLog = scimLogWriter(() => deps.database.db);
  const logLine = scimLogLine(deps);
  app.addHook('onSend', async (request, reply, payload) => {
    const scim = request.scim;
    if (!scim || scim.loggedStatus === reply.statusCode) return payload;
    try {
      await writeLog(logLine(request, reply.statusCode));
    } catch (err) {
      request.log.warn({ err }, 'provisioning log not written');
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let scim = toScimError(error);
    if (!scim && error.statusCode === 429) scim = new ScimError(429, 'リクエストが多すぎます。');
    if (!scim && error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      scim = new ScimError(
        error.statusCode,
        'リクエストの形式が正しくありません。',
        'invalidSyntax',
      );
    if (!scim) {
      request.log.error({ err: error }, 'unhandled SCIM error');
      scim = new ScimError(500, 'サーバーでエラーが発生しました。');
    }
    if (request.scim) request.scim.detail = scim.message;
    return reply.status(scim.status).type(SCIM_CONTENT_TYPE).send(scimErrorBody(scim));
  });

  app.setNotFoundHandler((request, reply) => {
    const scim = new ScimError(404, `${request.method} ${request.url} はありません。`);
    return reply.status(404).type(SCIM_CONTENT_TYPE).send(scimErrorBody(scim));
  });
}

/** The request's line of the provisioning log, answered `status`. */
const scimLogLine =
  (deps: AppDeps) =>
  (request: FastifyRequest, status: number): LogRow => {
    const scim = request.scim!;
    const params = request.params as { id?: string } | undefined;
    const query = request.query as ScimListQuery | undefined;
    return {
      companyId: scim.caller.companyId,
      occurredAt: deps.clock(),
      tokenId: scim.caller.tokenId,
      tokenName: scim.caller.tokenName,
      method: request.method,
      resource: /\/scim\/v2\/([A-Za-z]+)/.exec(request.url)?.[1] ?? '',
      target: (scim.target || params?.id || query?.filter || '').slice(0, 300),
      status,
      detail: scim.detail.slice(0, 500),
    };
  };

/** The resources: the service provider's documents, /Users and /Groups. */
function resourceRoutes(app: FastifyInstance, deps: AppDeps, baseUrl: string) {
  const logLine = scimLogLine(deps);
  const ctx = (request: FastifyRequest) => ({ deps, who: request.scim!.who, baseUrl });
  const send = (reply: FastifyReply, body: unknown, status = 200) =>
    reply.status(status).type(SCIM_CONTENT_TYPE).send(body);
  const noted = <T extends { userName?: string; displayName?: string }>(
    request: FastifyRequest,
    r: T,
  ) => {
    request.scim!.target = r.userName ?? r.displayName ?? '';
    return r;
  };

  app.get('/ServiceProviderConfig', { config, schema }, async (_r, reply) =>
    send(reply, serviceProviderConfig(baseUrl)),
  );
  app.get('/Schemas', { config, schema }, async (_r, reply) =>
    send(reply, schemasDocument(baseUrl)),
  );
  app.get<IdParams>('/Schemas/:id', { config, schema }, async (request, reply) => {
    const schema = schemaById(baseUrl, request.params.id);
    if (!schema) throw new ScimError(404, `スキーマ ${request.params.id} はありません。`);
    return send(reply, schema);
  });
  app.get('/ResourceTypes', { config, schema }, async (_r, reply) =>
    send(reply, resourceTypesDocument(baseUrl)),
  );

  app.get<ListQuery>('/Users', { config, schema }, async (request, reply) => {
    // The IdPs' lookups (`userName eq …`): the page's statement writes the request's line too.
    const { list, isLogged } = await users.listUsers(
      ctx(request),
      request.query,
      logLine(request, 200),
    );
    if (isLogged) request.scim!.loggedStatus = 200;
    return send(reply, list);
  });
  app.get<IdParams>('/Users/:id', { config, schema }, async (request, reply) =>
    send(reply, noted(request, await users.getUser(ctx(request), request.params.id))),
  );
  app.post('/Users', { config, schema }, async (request, reply) => {
    const { user, isLogged } = await users.createUser(ctx(request), request.body);
    if (isLogged) request.scim!.loggedStatus = 201;
    return send(reply, noted(request, user), 201);
  });
  app.put<IdParams>('/Users/:id', { config, schema }, async (request, reply) =>
    send(
      reply,
      noted(request, await users.replaceUser(ctx(request), request.params.id, request.body)),
    ),
  );
  app.patch<IdParams>('/Users/:id', { config, schema }, async (request, reply) =>
    send(
      reply,
      noted(request, await users.patchUser(ctx(request), request.params.id, request.body)),
    ),
  );
  app.delete<IdParams>('/Users/:id', { config, schema }, async (request, reply) => {
    await users.deleteUser(ctx(request), request.params.id);
    return reply.status(204).send();
  });

  app.get<ListQuery>('/Groups', { config, schema }, async (request, reply) =>
    send(reply, await groups.listGroups(ctx(request), request.query)),
  );
  app.get<IdParams & ListQuery>('/Groups/:id', { config, schema }, async (request, reply) =>
    send(
      reply,
      noted(request, await groups.getGroup(ctx(request), request.params.id, request.query)),
    ),
  );
  app.post('/Groups', { config, schema }, async (request, reply) =>
    send(reply, noted(request, await groups.createGroup(ctx(request), request.body)), 201),
  );
  app.put<IdParams>('/Groups/:id', { config, schema }, async (request, reply) =>
    send(
      reply,
      noted(request, await groups.replaceGroup(ctx(request), request.params.id, request.body)),
    ),
  );
  app.patch<IdParams>('/Groups/:id', { config, schema }, async (request, reply) =>
    send(
      reply,
      noted(request, await groups.patchGroup(ctx(request), request.params.id, request.body)),
    ),
  );
  app.delete<IdParams>('/Groups/:id', { config, schema }, async (request, reply) => {
    await groups.deleteGroup(ctx(request), request.params.id);
    return reply.status(204).send();
  });
}
