/**
 * The site role, the provider's "main site" (docs/design.md §1): login and sessions, password setup, MFA,
 * the console's token and logout calls, the JWKS, and the built console. Builds the app, never listens.
 * A composition root beside api-app.ts: it registers the sign-in's pages (modules/sign-in) and the SSO and IP
 * restriction pages of their areas, so site/ itself (page rendering, sessions' cookies, the console and its
 * first screen) never imports an area.
 */
import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { zodSchemaController } from './lib/http/schema-compilers.ts';
import { COMPRESS_OPTIONS } from './lib/http/compression.ts';
import type { AppDeps } from './deps.ts';
import { installErrorHandling, sendError } from './lib/http/error-handler.ts';
import { clientErrorHandlerWith } from './lib/http/client-error.ts';
import { HTTP_SERVER_OPTIONS } from './lib/http/server-timeouts.ts';
import { genReqId, installRequestId } from './lib/http/request-id.ts';
import { RequestLogController, requestLogLevel } from './lib/http/request-log.ts';
import {
  collectSecretParams,
  logSerializers,
  secretParamsOfEveryRoute,
} from './lib/http/log-redaction.ts';
import { cspDirectives, isCrossSite } from './site/security.ts';
import { sendMessage, sendNotFoundPage } from './site/render.ts';
import { tokenRoutes } from './modules/sign-in/token.routes.ts';
import { loginRoutes } from './modules/sign-in/login.routes.ts';
import { newPasswordRoutes } from './modules/sign-in/new-password.routes.ts';
import { mfaRoutes } from './modules/sign-in/mfa.routes.ts';
import { mfaSetupRoutes } from './modules/sign-in/mfa-setup.routes.ts';
import { passwordSetupRoutes } from './modules/sign-in/password-setup.routes.ts';
import { passwordResetRoutes } from './modules/sign-in/password-reset.routes.ts';
import { spaRoutes } from './site/spa.routes.ts';
import { ssoSiteRoutes } from './modules/sso/sso-site.routes.ts';
import { bodyRateOf, trustProxyOption } from './config/env.ts';
import { limitPerAddress } from './lib/http/client-limits.ts';
import { guardSlowBodies } from './lib/http/slow-body-guard.ts';
import { installInputGuard } from './site/input-guard.ts';
import { rawLimitPage, refuseWithPage } from './site/limit-pages.ts';
import { CONSOLE_DIST } from './lib/app-files.ts';
import {
  installIpRestrictionCheck,
  ipRestrictionSiteRoutes,
} from './modules/ip-restriction/ip-restriction-site.routes.ts';

export type SiteOptions = {
  /** The built console (Vite's output); tests point this at a temporary folder. */
  consoleDistDir?: string;
  /** Told every route as it is registered: tests list the site's routes from it, new ones included. */
  onRoute?: (route: RouteOptions) => void;
};

// CONSOLE_DIST_DIR lets several builds live side by side on one machine (each browser-test run serves its own).
export const DEFAULT_CONSOLE_DIST = process.env.CONSOLE_DIST_DIR ?? CONSOLE_DIST;
/** Forms and the logout body are small; anything larger is refused before parsing. */
const SITE_BODY_LIMIT = 64 * 1024;

export async function buildSiteApp(
  deps: AppDeps,
  opts: SiteOptions = {},
): Promise<FastifyInstance> {
  // Request URLs are masked here too, so no root logger (a test's, an embedder's) logs a setup token.
  const siteLogger: FastifyBaseLogger = deps.logger.child(
    { role: 'site' },
    { serializers: logSerializers },
  );
  const app = Fastify({
    loggerInstance: siteLogger,
    genReqId,
    logController: new RequestLogController(requestLogLevel(deps.env.LOG_REQUESTS)),
    bodyLimit: SITE_BODY_LIMIT,
    trustProxy: trustProxyOption(deps.env),
    schemaController: zodSchemaController,
    clientErrorHandler: clientErrorHandlerWith(rawLimitPage),
    http: HTTP_SERVER_OPTIONS,
    // A path that is not valid percent-encoding (or an over-long parameter) never reaches a route: answer the
    // site's own Japanese 404 page rather than Fastify's English body.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error }, 'unroutable request');
      void sendNotFoundPage(reply);
    },
  });
  if (opts.onRoute) {
    const { onRoute } = opts;
    app.addHook('onRoute', (route) => onRoute(route));
  }
  installRequestId(app);
  installErrorHandling(app);
  collectSecretParams(app);
  // The site's forms are public: a body sent a byte at a time, or one address's thousand such bodies, holds
  // nothing for long (the api does the same in its admission). A browser is answered with a page.
  limitPerAddress(app, Number(deps.env.MAX_CONCURRENT_PER_ADDRESS), undefined, refuseWithPage);
  guardSlowBodies(app, bodyRateOf(deps.env), refuseWithPage);

  const isHttps = deps.env.SITE_URL.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(deps.env) },
    strictTransportSecurity: isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Not no-referrer: with it, browsers send `Origin: null` on our own form posts, which the CSRF check
    // refuses. same-origin still keeps password-setup links out of other sites' logs.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: SITE_BODY_LIMIT });
  await app.register(compress, COMPRESS_OPTIONS);
  await app.register(fastifyStatic, {
    root: path.resolve(opts.consoleDistDir ?? DEFAULT_CONSOLE_DIST),
    serve: false,
    // The build's own .br/.gz copies (apps/console/build/precompress.ts), chosen by Accept-Encoding.
    preCompressed: true,
  });

  // CSRF and login CSRF: no state-changing request started by another site reaches a handler.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return;
    if (!isCrossSite(request, deps.env.SITE_URL)) return;
    // The IdP's response arrives from the IdP's site by design; it is bound to this browser's request instead.
    if (/^\/sso\/[^/]+\/acs$/.test(request.url)) return;
    if (request.url.startsWith('/api/')) return sendError(request, reply, 'forbidden');
    return sendMessage(reply, {
      title: '操作できません',
      message:
        '別のサイトから送信されたため、この操作は受け付けられませんでした。クラウドサインの画面から操作してください。',
      status: 403,
    });
  });

  installInputGuard(app);
  // After cookies and CSRF, before every route: a signed-in member outside his company's console list stops here.
  installIpRestrictionCheck(app, deps);

  await app.register(tokenRoutes, { deps });
  await app.register(async (pages) => {
    // The HTML pages answer errors with a Japanese page, not the JSON error shape.
    pages.setErrorHandler((error: FastifyError, request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 500;
      if (status === 500) request.log.error({ err: error }, 'unhandled error');
      else request.log.info({ err: error }, 'client error');
      return sendMessage(reply, {
        title: 'エラーが発生しました',
        message:
          status === 500
            ? 'サーバーでエラーが発生しました。時間をおいて、もう一度お試しください。'
            : 'リクエストを処理できませんでした。入力内容を確認して、もう一度お試しください。',
        status,
      });
    });
    await pages.register(loginRoutes, { deps });
    await pages.register(newPasswordRoutes, { deps });
    await pages.register(mfaRoutes, { deps });
    await pages.register(mfaSetupRoutes, { deps });
    // The emailed links carry their bearer token in the path: no log line may hold it.
    await pages.register(async (links) => {
      secretParamsOfEveryRoute(links, ['token']);
      await links.register(passwordSetupRoutes, { deps });
      await links.register(passwordResetRoutes, { deps });
    });
    await pages.register(ssoSiteRoutes, { deps });
    await pages.register(ipRestrictionSiteRoutes, { deps });
  });
  await app.register(spaRoutes, { deps, distDir: opts.consoleDistDir ?? DEFAULT_CONSOLE_DIST });
  return app;
}
