/**
 * The api role (docs/design.md §1): builds the Fastify app and never listens (fastify/demo's app.ts / server.ts
 * split), so tests drive it with `inject`. A composition root beside job-handlers.ts: it registers every area's
 * routes, so api/ itself (plugins, route helpers) never imports an area.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import { COMPRESS_OPTIONS } from './lib/http/compression.ts';
import { installSecurityHeaders } from './lib/http/security-headers.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zodSchemaController } from './lib/http/schema-compilers.ts';
import type { AppDeps } from './deps.ts';
import { frameworkErrors, installErrorHandling } from './lib/http/error-handler.ts';
import { clientErrorHandler } from './lib/http/client-error.ts';
import { HTTP_SERVER_OPTIONS } from './lib/http/server-timeouts.ts';
import { rejectNul } from './api/plugins/reject-nul.ts';
import { admission } from './api/plugins/admission.ts';
import { rateLimits } from './api/plugins/rate-limits.ts';
import { cancelWhenClientGone } from './api/plugins/cancel-when-client-gone.ts';
import { genReqId, installRequestId } from './lib/http/request-id.ts';
import { RequestLogController, requestLogLevel } from './lib/http/request-log.ts';
import { collectSecretParams, logSerializers } from './lib/http/log-redaction.ts';
import { authenticate } from './api/plugins/authenticate.ts';
import { openApi } from './api/plugins/openapi.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { createRequestMetrics } from './modules/system/metrics.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { documentAttributeOptionsRoutes } from './modules/document-attribute-options/document-attribute-options.routes.ts';
import { clientLogsRoutes } from './modules/client-logs/client-logs.routes.ts';
import { cabinetsRoutes } from './modules/cabinets/cabinets.routes.ts';
import { bulkRoutes } from './modules/bulk/bulk.routes.ts';
import { BULK_TARGETS } from './bulk-targets.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { bodyRateOf, trustProxyOption } from './config/env.ts';
import { memberGroupsRoutes } from './modules/member-groups/member-groups.routes.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { documentDownloadRoutes } from './modules/document-download/document-download.routes.ts';
import { taxAuditRoutes } from './modules/tax-audit/tax-audit.routes.ts';
import { companySettingsRoutes } from './modules/company-settings/company-settings.routes.ts';
import { sessionLimitsRoutes } from './modules/session-limits/session-limits.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { ipRestrictionRoutes } from './modules/ip-restriction/ip-restriction.routes.ts';
import { ipRestrictionGuard } from './modules/ip-restriction/ip-restriction.guard.ts';
import { provisioningLeaversRoutes } from './modules/provisioning/leavers.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { readIfMatchOn } from './lib/http/if-match.ts';
import { provisioningRoutes } from './modules/provisioning/provisioning.routes.ts';
import { scimRoutes } from './modules/provisioning/scim.routes.ts';
import { refuseAsScim, scimTokenKey } from './modules/provisioning/scim-admission.ts';

export type ApiApp = FastifyInstance;

/** 1 MiB for JSON bodies; uploads are streamed by their own routes with their own limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApiApp(deps: AppDeps): Promise<ApiApp> {
  // Request URLs are masked here too, so no root logger (a test's, an embedder's) logs a secret.
  const loggerInstance: FastifyBaseLogger = deps.logger.child(
    { role: 'api' },
    { serializers: logSerializers },
  );
  const app = Fastify({
    loggerInstance,
    genReqId,
    logController: new RequestLogController(requestLogLevel(deps.env.LOG_REQUESTS)),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(deps.env),
    frameworkErrors,
    clientErrorHandler,
    http: HTTP_SERVER_OPTIONS,
    schemaController: zodSchemaController,
  }).withTypeProvider<ZodTypeProvider>();
  installRequestId(app);
  installErrorHandling(app);
  collectSecretParams(app);
  const metrics = createRequestMetrics();
  metrics.install(app);
  await app.register(admission, {
    maxConcurrent: Number(deps.env.API_MAX_CONCURRENT),
    maxQueued: Number(deps.env.API_MAX_QUEUED),
    queueWaitMs: Number(deps.env.API_QUEUE_WAIT_MS),
    maxPerAddress: Number(deps.env.MAX_CONCURRENT_PER_ADDRESS),
    maxPerMember: Number(deps.env.API_MAX_CONCURRENT_PER_MEMBER),
    perToken: {
      max: Number(deps.env.SCIM_MAX_CONCURRENT_PER_TOKEN),
      keyOf: scimTokenKey,
      refuse: refuseAsScim(deps),
    },
    body: bodyRateOf(deps.env),
  });
  await app.register(cancelWhenClientGone);

  // JSON responses always say their charset: Japanese text must never be mis-decoded. A callback hook: an
  // async one cost every request a promise and a turn (issue 36).
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      type.startsWith('application/json') &&
      !type.includes('charset')
    ) {
      reply.header('content-type', 'application/json; charset=utf-8');
    }
    done(null, payload);
  });

  await app.register(compress, COMPRESS_OPTIONS);
  // helmet's headers for the api's options, made once (lib/http/security-headers.ts); HSTS only over https.
  installSecurityHeaders(app, deps.env.API_URL.startsWith('https:'));
  await app.register(cors, {
    origin: [deps.env.SITE_URL],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'If-Match'],
    exposedHeaders: ['X-Request-Id', 'Content-Disposition', 'Retry-After'],
    maxAge: 600,
  });
  await app.register(openApi, { deps });
  await app.register(authenticate, { deps });
  // Every signed-in call, after authentication: the company's console list (403 ip_not_allowed outside it).
  await app.register(ipRestrictionGuard, { deps });
  await app.register(rejectNul);
  // Per member when signed in, per token for SCIM, else per IP (docs/design.md §5).
  await app.register(rateLimits, {
    apiPerMinute: Number(deps.env.API_REQUESTS_PER_MINUTE),
    scimPerMinute: Number(deps.env.SCIM_REQUESTS_PER_MINUTE),
  });

  // Before the routes: a versioned save (the contract's `ifMatch`) keeps its If-Match, parsed once; the service refuses none (428).
  app.addHook('onRoute', readIfMatchOn);
  await app.register(systemRoutes, { deps, metrics });
  await app.register(meRoutes, { deps });
  await app.register(accountRoutes, { deps });
  await app.register(clientLogsRoutes, { deps });
  // Area routes register here, one line each (members, member-groups, cabinets, documents, bulk…).
  await app.register(documentsRoutes, { deps });
  await app.register(documentAttributeOptionsRoutes, { deps });
  await app.register(documentDownloadRoutes, { deps });
  await app.register(taxAuditRoutes, { deps });
  await app.register(cabinetsRoutes, { deps });
  for (const target of BULK_TARGETS) await app.register(bulkRoutes, { deps, target });
  await app.register(membersRoutes, { deps });
  await app.register(memberGroupsRoutes, { deps });
  await app.register(auditLogRoutes, { deps });
  await app.register(companySettingsRoutes, { deps });
  await app.register(sessionLimitsRoutes, { deps });
  await app.register(ssoRoutes, { deps });
  await app.register(ipRestrictionRoutes, { deps });
  await app.register(provisioningLeaversRoutes, { deps });
  await app.register(provisioningRoutes, { deps });
  // SCIM 2.0 for the IdPs: its own token authentication, content type and error shape (issue 34).
  await app.register(scimRoutes, { deps, prefix: '/scim/v2' });
  await app.register(alertsRoutes, { deps });

  return app;
}
