/** GET/POST /login (email first, then the password) and the "new password required" step (member status 2, docs/design.md §2). */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ipRefusedMessage, ownValue } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { deleteSession, isRefusedBySso, nextStep, sessionEndOf } from '../../auth/sessions.ts';
import { SSO_REQUIRED } from '../../auth/sign-in-policy.ts';
import { hashToken } from '../../auth/tokens.ts';
import { redirectOnSite, returnToQuery, stepUrl } from '../../site/return-to.ts';
import { EMAIL_MALFORMED, loginPage, loginPasswordPage } from './pages.ts';
import { attemptLogin, normalizeEmail, type LoginResult } from './login.service.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import { ssoCompanyForEmail } from '../sso/sso-routing.service.ts';
import { handOverToIdp } from '../sso/sso-site.routes.ts';
import { clientIp } from '../../site/security.ts';
import { retryAfterText } from '../../auth/login-throttle.ts';
import {
  clearSessionCookie,
  currentSession,
  deviceCookie,
  formField,
  hasField,
  returnToOf,
  sessionCookie,
  setDeviceCookie,
  setSessionCookie,
} from '../../site/session-context.ts';

export const INVALID_CREDENTIALS = 'メールアドレスまたはパスワードが正しくありません。';
/** The right password typed with the input mode on: not counted as a failure (login.service.ts). */
export const FULL_WIDTH_TYPED =
  'パスワードが全角で入力されています。入力モード（IME）をオフにして、半角で入力し直してください。この入力はログインの失敗には数えていません。';
export const FULL_WIDTH_HINT =
  '入力されたパスワードに全角文字が含まれています。入力モード（IME）をオフにしてお試しください。';
export const DEACTIVATED =
  'このアカウントは利用停止中のためログインできません。企業の管理者にお問い合わせください。';
export const LOGIN_SLOWED = (seconds: number) =>
  `ログインの失敗が続いたため、このアカウントへのログインを一時的に制限しています。${retryAfterText(seconds)}にもう一度お試しください。` +
  'このブラウザで以前ログインしたことがある場合は、影響を受けません。';
const NOTICES: Record<string, string> = {
  // A console tab whose session ended sends the member here with the reason (console lib/token-store.ts).
  logged_out: 'ログアウトされました。もう一度ログインしてください。',
  session_expired: 'セッションの有効期限が切れました。もう一度ログインしてください。',
  // The company's idle timeout ended the session (modules/session-limits).
  idle_timeout: '一定時間操作がなかったため、ログアウトしました。もう一度ログインしてください。',
  password_set: 'パスワードを設定しました。新しいパスワードでログインしてください。',
  password_set_sso:
    'パスワードを設定しました。この組織ではシングルサインオン（SSO）でログインします。メールアドレスを入力すると、組織の IdP に移動します。',
};
/**
 * Requests of POST /login one address may send per minute, per site instance (docs/design.md §1). The
 * per-account limits (login-throttle.ts) stop guessing; this bounds what one address costs in argon2 work and
 * database writes however many accounts it names. 300 a minute leaves an office behind one NAT room for about
 * 150 sign-ins a minute (two steps each).
 */
export const LOGIN_REQUESTS_PER_MINUTE = 300;
const LOGIN_FLOODED = (seconds: number) =>
  `このネットワークからのログインの要求が多すぎるため、一時的に受け付けを制限しています。${retryAfterText(seconds)}にもう一度お試しください。`;

/** What the rate limit throws past the limit; answered as the login page below. */
class LoginFlood extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('too many login requests from one address');
  }
}

export async function loginRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(rateLimit, { global: false });
  app.setErrorHandler(async (error: FastifyError | LoginFlood, request, reply) => {
    if (!(error instanceof LoginFlood)) throw error;
    reply.header('retry-after', String(error.retryAfterSeconds));
    const returnTo = returnToOf(deps, request);
    const message = LOGIN_FLOODED(error.retryAfterSeconds);
    return loginPage(reply, { returnTo, error: message, status: 429 });
  });

  app.get('/login', async (request, reply) => {
    const returnTo = returnToOf(deps, request);
    // Already signed in (or part-way): continue where the browser is instead of asking again.
    const loaded = await currentSession(deps, request);
    const step = loaded ? nextStep(loaded) : 'invalid';
    if (step !== 'invalid')
      return redirectOnSite(reply, deps.env.SITE_URL, stepUrl(step, returnTo));
    // Every step refuses such a session by sending it here: it ends, and the page says why.
    if (loaded && isRefusedBySso(loaded)) {
      await deleteSession(deps.database.db, loaded.session.id);
      clearSessionCookie(deps, reply);
      return loginPage(reply, { returnTo, error: SSO_REQUIRED, status: 403 });
    }
    // A browser whose session a company limit ended reads why, however it arrived here.
    const asked = formField(request.query, 'notice', 32);
    const ended = asked
      ? null
      : await sessionEndOf(deps.database.db, sessionCookie(request), deps.clock());
    const notice = ownValue(NOTICES, asked || ended || '');
    return loginPage(reply, { returnTo, notice });
  });

  const perAddress = {
    max: LOGIN_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `login:${clientIp(request)}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new LoginFlood(Math.max(1, Math.ceil(context.ttl / 1000))),
  };
  app.post('/login', { config: { rateLimit: perAddress } }, async (request, reply) => {
    const returnTo = returnToOf(deps, request);
    // As every site form and the admin forms do: 「yamada.kenji＠example.com」 is yamada.kenji@example.com.
    const email = normalizeEmail(formField(request.body, 'email', 254));
    // Email first: a member whose company signs in through its IdP goes there, whatever else was sent.
    const ssoCompanyId = email ? await ssoCompanyForEmail(deps, email) : null;
    if (ssoCompanyId) return handOverToIdp(reply, ssoCompanyId, returnTo);
    if (!email)
      return loginPage(reply, {
        returnTo,
        error: 'メールアドレスを入力してください。',
        status: 400,
      });
    if (!email.includes('@'))
      return loginPage(reply, { returnTo, email, error: EMAIL_MALFORMED, status: 400 });
    // The first step sends no password field. Every other address, known or not, gets the password step
    // alike: whether an account exists is never told before the password is checked.
    if (!hasField(request.body, 'password')) return loginPasswordPage(reply, { returnTo, email });
    const password = formField(request.body, 'password', 1024);
    if (!password) {
      const error = 'パスワードを入力してください。';
      return loginPasswordPage(reply, { returnTo, email, error, status: 400 });
    }
    const result = await attemptLogin(deps, {
      email,
      password,
      ip: clientIp(request),
      previousCookie: sessionCookie(request),
      deviceCookie: deviceCookie(deps, request),
      origin: requestOrigin(request),
    });
    return answerAttempt(deps, reply, result, { returnTo, email });
  });

  app.post('/login/cancel', async (request, reply) => {
    const cookie = sessionCookie(request);
    if (cookie) await deleteSession(deps.database.db, hashToken(cookie));
    clearSessionCookie(deps, reply);
    return redirectOnSite(
      reply,
      deps.env.SITE_URL,
      `/login${returnToQuery(returnToOf(deps, request))}`,
    );
  });
}

/** What the password step answers for an attempt (login.service.ts): the page with why, or the next step. */
function answerAttempt(
  deps: AppDeps,
  reply: FastifyReply,
  result: LoginResult,
  { returnTo, email }: { returnTo: string; email: string },
) {
  if (result.kind === 'blocked') {
    reply.header('retry-after', String(result.retryAfterSeconds));
    const error = LOGIN_SLOWED(result.retryAfterSeconds);
    return loginPasswordPage(reply, { returnTo, email, error, status: 429 });
  }
  if (result.kind === 'full_width')
    return loginPasswordPage(reply, { returnTo, email, error: FULL_WIDTH_TYPED, status: 400 });
  if (result.kind === 'invalid') {
    const error = result.fullWidth
      ? `${INVALID_CREDENTIALS}${FULL_WIDTH_HINT}`
      : INVALID_CREDENTIALS;
    return loginPasswordPage(reply, { returnTo, email, error, status: 400 });
  }
  if (result.kind === 'deactivated')
    return loginPasswordPage(reply, { returnTo, email, error: DEACTIVATED, status: 403 });
  if (result.kind === 'sso_required')
    return loginPasswordPage(reply, { returnTo, email, error: SSO_REQUIRED, status: 403 });
  if (result.kind === 'ip_not_allowed') {
    const error = ipRefusedMessage(result.address);
    return loginPasswordPage(reply, { returnTo, email, error, status: 403 });
  }
  setSessionCookie(deps, reply, result.cookie, result.expiresAt);
  if (result.deviceCookie) setDeviceCookie(deps, reply, result.deviceCookie);
  return redirectOnSite(
    reply,
    deps.env.SITE_URL,
    result.step === 'invalid' ? '/login' : stepUrl(result.step, returnTo),
  );
}
