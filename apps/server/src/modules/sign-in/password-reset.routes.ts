/**
 * 「パスワードをお忘れの方」: /password_forgot asks for the address and always answers the same page (no account
 * enumeration); /password_reset/:token sets a new password with the strength rules of the setup and signs in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { checkNewPassword, hashPassword } from '../../auth/passwords.ts';
import { findSetupLink } from '../../auth/password-setup.ts';
import { requestPasswordReset, setPasswordByLink } from './password.service.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import { EMAIL_MALFORMED, newPasswordPage } from './pages.ts';
import { alert, EMPTY, fill, linkButton, sendMessage, sendPage } from '../../site/render.ts';
import { formField, setSessionCookie } from '../../site/session-context.ts';
import { clientIp } from '../../site/security.ts';
import { normalizeEmail, openPasswordSession } from './login.service.ts';
import { refusedSignInAddress, signInRefusedPage } from './sign-in-ip.ts';
import { redirectOnSite, stepUrl } from '../../site/return-to.ts';
import { SSO_REQUIRED } from '../../auth/sign-in-policy.ts';

export const RESET_SENT =
  '入力されたメールアドレスが登録されている場合は、パスワード再設定用のリンクをお送りしました。メールが届かない場合は、迷惑メールフォルダをご確認いただくか、組織の管理者にお問い合わせください。';
export const RESET_LIMITED =
  'パスワード再設定の申請が続いたため、一時的に受け付けを制限しています。1時間ほど時間をおいてから、もう一度お試しください。';

const FORM = {
  title: '新しいパスワードの設定',
  lead: '新しいパスワードを設定してください。設定後、そのままログインします。',
  button: 'パスワードを変更してログイン',
  returnTo: '/',
};

function forgotPage(reply: FastifyReply, v: { email?: string; error?: string; status?: number }) {
  const content = fill('passwordForgot', {
    email: v.email ?? '',
    alert: v.error ? alert('error', v.error) : EMPTY,
  });
  return sendPage(reply, { title: 'パスワードの再設定', content, status: v.status });
}

const deadLink = (reply: FastifyReply) =>
  sendMessage(reply, {
    title: 'このリンクは使えません',
    message:
      'このリンクは使用済み、期限切れ（発行から60分）、またはより新しいリンクの発行やパスワード・メールアドレスの変更により無効になっています。ログイン画面の「パスワードをお忘れの方」からもう一度申請してください。',
    status: 410,
    action: linkButton('/password_forgot', 'もう一度申請する'),
  });

/** A link mailed before the company required SSO (or before a demotion) no longer leads to a password. */
const ssoRefusal = (reply: FastifyReply) =>
  sendMessage(reply, {
    title: 'パスワードは再設定できません',
    message: SSO_REQUIRED,
    status: 403,
    action: linkButton('/login', 'ログイン画面へ'),
  });

const tokenOf = (request: FastifyRequest) =>
  String((request.params as { token?: string }).token ?? '');

async function usableResetLink(deps: AppDeps, token: string) {
  const link = await findSetupLink(deps.database.db, token);
  const ok = link && link.purpose === 'reset' && !link.usedAt && link.expiresAt > deps.clock();
  return ok ? link : null;
}

export async function passwordResetRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const db = deps.database.db;

  // ?email= from the login page's link: the address typed there, shown as it will be used.
  app.get('/password_forgot', async (request, reply) =>
    forgotPage(reply, { email: normalizeEmail(formField(request.query, 'email', 254)) }),
  );

  app.post('/password_forgot', async (request, reply) => {
    const typed = formField(request.body, 'email', 254);
    const email = normalizeEmail(typed);
    if (!email) {
      return forgotPage(reply, { error: 'メールアドレスを入力してください。', status: 400 });
    }
    if (!email.includes('@')) {
      return forgotPage(reply, { email: typed, error: EMAIL_MALFORMED, status: 400 });
    }
    const key = { email, ip: clientIp(request) };
    if ((await requestPasswordReset(deps, key, requestOrigin(request))) === 'limited') {
      return forgotPage(reply, { email: typed, error: RESET_LIMITED, status: 429 });
    }
    return sendMessage(reply, {
      title: 'メールを確認してください',
      message: RESET_SENT,
      action: linkButton('/login', 'ログイン画面へ'),
    });
  });

  app.get('/password_reset/:token', async (request, reply) => {
    const token = tokenOf(request);
    const link = await usableResetLink(deps, token);
    if (!link) return deadLink(reply);
    if (!link.isPasswordAllowed) return ssoRefusal(reply);
    return newPasswordPage(reply, {
      ...FORM,
      action: `/password_reset/${token}`,
      email: link.user.email,
      errors: {},
    });
  });

  app.post('/password_reset/:token', async (request, reply) => {
    const token = tokenOf(request);
    const link = await usableResetLink(deps, token);
    if (!link) return deadLink(reply);
    if (!link.isPasswordAllowed) return ssoRefusal(reply);
    const password = formField(request.body, 'password', 1024);
    const errors = checkNewPassword(password, formField(request.body, 'confirmation', 1024));
    if (Object.keys(errors).length > 0) {
      return newPasswordPage(reply, {
        ...FORM,
        action: `/password_reset/${token}`,
        email: link.user.email,
        errors,
      });
    }
    const now = deps.clock();
    const passwordHash = await hashPassword(password);
    const ids = { tokenId: link.tokenId, userId: link.user.id };
    const audit = { action: 'auth.passwordReset' as const, origin: requestOrigin(request) };
    if (!(await setPasswordByLink(db, ids, passwordHash, now, audit))) return deadLink(reply);
    const refusedFrom = await refusedSignInAddress(deps, link.user, audit.origin);
    if (refusedFrom !== null)
      return signInRefusedPage(reply, 'パスワードを再設定しました', refusedFrom);
    // Signed in with the new password; a second factor, if any, is still asked for.
    const { session, step } = await openPasswordSession(db, link.user, now, audit.origin);
    setSessionCookie(deps, reply, session.cookie, session.expiresAt);
    return redirectOnSite(
      reply,
      deps.env.SITE_URL,
      step === 'invalid' ? '/login' : stepUrl(step, '/'),
    );
  });
}
