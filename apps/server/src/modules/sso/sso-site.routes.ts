/**
 * The site's SAML endpoints per company (docs/design.md "Single sign-on"): SP metadata, 「SSOでログイン」,
 * the admin's connection test, and the ACS the IdP posts its response to.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { deleteSession, nextStep } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import { consumeResponse, startSignIn } from './sso-signin.service.ts';
import { companyUsesSso } from './sso-routing.service.ts';
import { publicSpMetadata } from './sso-public-metadata.service.ts';
import { REQUEST_TTL_MS } from './sso-saml.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import { linkButton, sendMessage } from '../../site/render.ts';
import { redirectOnSite, returnToQuery, safeReturnTo } from '../../site/return-to.ts';
import {
  currentSession,
  formField,
  returnToOf,
  sessionCookie,
  setSessionCookie,
} from '../../site/session-context.ts';

export const SSO_REQUEST_COOKIE = 'cs_sso_request';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Where the console's SSO settings page lives (the connection test returns there). */
export const SSO_SETTINGS_PATH = '/sso';

const notConfigured = (reply: FastifyReply) =>
  sendMessage(reply, {
    title: 'シングルサインオン',
    message: 'この組織ではシングルサインオン（SSO）が設定されていません。',
    status: 404,
    action: linkButton('/login', 'ログイン画面へ'),
  });

/** The IdP posts back from its own site: with plain http (local) Lax suffices, with https it must be None. */
function setRequestCookie(deps: AppDeps, reply: FastifyReply, value: string, companyId: string) {
  const https = deps.env.SITE_URL.startsWith('https:');
  reply.setCookie(SSO_REQUEST_COOKIE, value, {
    httpOnly: true,
    sameSite: https ? 'none' : 'lax',
    secure: https,
    path: `/sso/${companyId}/`,
    maxAge: REQUEST_TTL_MS / 1000,
  });
}

async function redirectToIdp(
  deps: AppDeps,
  reply: FastifyReply,
  companyId: string,
  input: Parameters<typeof startSignIn>[2],
) {
  const started = await startSignIn(deps, companyId, input);
  if (!started) return notConfigured(reply);
  setRequestCookie(deps, reply, started.browserToken, companyId);
  // The IdP is another origin by nature; its URL comes from the admin's metadata, never from the request.
  return reply.header('cache-control', 'no-store').redirect(started.url, 303);
}

/**
 * Email-first login hands over to the company's IdP with a page that moves on by itself, not a redirect: the
 * login form's CSP `form-action 'self'` also applies to every redirect after the form is sent, so a redirect
 * chain from POST /login to the IdP's origin would be blocked by the browser. The Refresh header starts a new
 * navigation to `/sso/{companyId}/login`, which then redirects to the IdP; the link is there if it does not.
 */
export function handOverToIdp(reply: FastifyReply, companyId: string, returnTo: string) {
  const target = `/sso/${companyId}/login${returnToQuery(returnTo)}`;
  reply.header('refresh', `0; url=${target}`);
  return sendMessage(reply, {
    title: 'シングルサインオン',
    message:
      '組織の IdP のログイン画面に移動します。移動しない場合は、下のボタンを押してください。',
    action: linkButton(target, 'IdP のログイン画面へ'),
  });
}

const companyIdOf = (request: FastifyRequest) => {
  const id = (request.params as { companyId?: string }).companyId ?? '';
  return UUID.test(id) ? id : null;
};

export async function ssoSiteRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get('/sso/:companyId/metadata', async (request, reply) => {
    const companyId = companyIdOf(request);
    const xml = companyId && (await publicSpMetadata(deps, companyId));
    if (!xml) return notConfigured(reply);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });

  app.get('/sso/:companyId/login', async (request, reply) => {
    const companyId = companyIdOf(request);
    if (!companyId || !(await companyUsesSso(deps, companyId))) return notConfigured(reply);
    return redirectToIdp(deps, reply, companyId, {
      purpose: 'login',
      returnTo: returnToOf(deps, request),
    });
  });

  app.get('/sso/:companyId/test', async (request, reply) => {
    const companyId = companyIdOf(request);
    const loaded = await currentSession(deps, request);
    const admin =
      loaded &&
      nextStep(loaded) === 'done' &&
      loaded.user.companyId === companyId &&
      loaded.user.roles.includes('CompanyAdmin');
    if (!companyId || !admin)
      return redirectOnSite(reply, deps.env.SITE_URL, `/login${returnToQuery(SSO_SETTINGS_PATH)}`);
    return redirectToIdp(deps, reply, companyId, {
      purpose: 'test',
      returnTo: `${SSO_SETTINGS_PATH}?test=done`,
      userId: loaded.user.id,
    });
  });

  app.post('/sso/:companyId/acs', async (request, reply) => {
    const companyId = companyIdOf(request);
    if (!companyId) return notConfigured(reply);
    const outcome = await consumeResponse(
      deps,
      companyId,
      request.cookies[SSO_REQUEST_COOKIE],
      formField(request.body, 'SAMLResponse', 1_000_000),
      requestOrigin(request),
    );
    reply.clearCookie(SSO_REQUEST_COOKIE, { path: `/sso/${companyId}/` });
    // An id of no company (or one without SSO) answers like every other SSO URL of it: the same 404 page.
    if (outcome.kind === 'refused' && outcome.reason === 'not_configured')
      return notConfigured(reply);
    if (outcome.kind === 'refused')
      return sendMessage(reply, {
        title: 'シングルサインオンでログインできませんでした',
        message: outcome.message,
        status: 403,
        action: linkButton('/login', 'ログイン画面へ'),
      });
    const returnTo = safeReturnTo(outcome.returnTo, deps.env.SITE_URL);
    if (outcome.kind === 'tested') return redirectOnSite(reply, deps.env.SITE_URL, returnTo);
    const previous = sessionCookie(request);
    if (previous) await deleteSession(deps.database.db, hashToken(previous));
    setSessionCookie(deps, reply, outcome.session.cookie, outcome.session.expiresAt);
    return redirectOnSite(reply, deps.env.SITE_URL, returnTo);
  });
}
