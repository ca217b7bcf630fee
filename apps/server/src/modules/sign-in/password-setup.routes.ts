/** GET/POST /password_setup/:token: invited members set their first password (docs/design.md §1). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { checkNewPassword, hashPassword } from '../../auth/passwords.ts';
import { findSetupLink } from '../../auth/password-setup.ts';
import { setPasswordByLink } from './password.service.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import { newPasswordPage } from './pages.ts';
import { linkButton, sendMessage } from '../../site/render.ts';
import { formField, setSessionCookie } from '../../site/session-context.ts';
import { openPasswordSession } from './login.service.ts';
import { refusedSignInAddress, signInRefusedPage } from './sign-in-ip.ts';
import { redirectOnSite, stepUrl } from '../../site/return-to.ts';

const FORM = {
  title: 'パスワードの設定',
  lead: 'クラウドサインで使うパスワードを設定してください。設定後、そのままログインします。',
  button: 'パスワードを設定する',
  returnTo: '/',
};

type LinkState = Awaited<ReturnType<typeof findSetupLink>>;

function deadLink(reply: FastifyReply, link: LinkState, now: Date) {
  const toLogin = linkButton('/login', 'ログイン画面へ');
  if (link?.usedAt) {
    return sendMessage(reply, {
      title: 'このリンクは使用済みです',
      message:
        'このリンクはすでに使用されています。パスワードを設定済みの場合は、ログイン画面からログインしてください。',
      status: 410,
      action: toLogin,
    });
  }
  if (link && link.expiresAt <= now) {
    return sendMessage(reply, {
      title: 'リンクの有効期限が切れています',
      message:
        'このリンクの有効期限（発行から10日間）が切れています。組織の管理者に、パスワード設定メールの再送を依頼してください。',
      status: 410,
      action: toLogin,
    });
  }
  return sendMessage(reply, {
    title: 'このリンクは無効です',
    message:
      '新しいパスワード設定メールが届いている場合は、最新のメールのリンクをご利用ください。届いていない場合は、組織の管理者に再送を依頼してください。',
    status: 404,
    action: toLogin,
  });
}

const tokenOf = (request: FastifyRequest) =>
  String((request.params as { token?: string }).token ?? '');
const isUsable = (link: LinkState, now: Date): link is NonNullable<LinkState> =>
  !!link && !link.usedAt && link.expiresAt > now;
/** A reset link is not an invitation: here it is as unknown as any other string. */
const setupOnly = (link: LinkState) => (link?.purpose === 'setup' ? link : null);

export async function passwordSetupRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const db = deps.database.db;

  app.get('/password_setup/:token', async (request, reply) => {
    const token = tokenOf(request);
    const link = setupOnly(await findSetupLink(db, token));
    if (!isUsable(link, deps.clock())) return deadLink(reply, link, deps.clock());
    return newPasswordPage(reply, {
      ...FORM,
      action: `/password_setup/${token}`,
      email: link.user.email,
      errors: {},
    });
  });

  app.post('/password_setup/:token', async (request, reply) => {
    const token = tokenOf(request);
    const now = deps.clock();
    const link = setupOnly(await findSetupLink(db, token));
    if (!isUsable(link, now)) return deadLink(reply, link, now);
    const password = formField(request.body, 'password', 1024);
    const errors = checkNewPassword(password, formField(request.body, 'confirmation', 1024));
    if (Object.keys(errors).length > 0) {
      return newPasswordPage(reply, {
        ...FORM,
        action: `/password_setup/${token}`,
        email: link.user.email,
        errors,
      });
    }
    const passwordHash = await hashPassword(password);
    const origin = requestOrigin(request);
    const isConsumed = await setPasswordByLink(
      db,
      { tokenId: link.tokenId, userId: link.user.id },
      passwordHash,
      now,
      { action: 'auth.passwordSet', origin },
    );
    if (!isConsumed) return deadLink(reply, { ...link, usedAt: now }, now);
    // The password makes the invitation's member valid; while the company requires SSO he signs in there.
    if (!link.isPasswordAllowed)
      return redirectOnSite(reply, deps.env.SITE_URL, '/login?notice=password_set_sso');
    const refusedFrom = await refusedSignInAddress(deps, link.user, origin);
    if (refusedFrom !== null)
      return signInRefusedPage(reply, 'パスワードを設定しました', refusedFrom);
    // Signed in, as after a reset: the link proved the address, the password was just chosen. A second
    // factor the company requires is enrolled next.
    const { session, step } = await openPasswordSession(db, link.user, now, origin);
    setSessionCookie(deps, reply, session.cookie, session.expiresAt);
    return redirectOnSite(
      reply,
      deps.env.SITE_URL,
      step === 'invalid' ? '/login?notice=password_set' : stepUrl(step, '/'),
    );
  });
}
