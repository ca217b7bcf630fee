/** Pages shared by several routes: the login's two steps and the new-password form. */
import type { FastifyReply } from 'fastify';
import {
  alert,
  cancelLoginForm,
  EMPTY,
  fieldError,
  fill,
  invalidAttr,
  sendPage,
  type SiteTheme,
} from '../../site/render.ts';
import { returnToQuery } from '../../site/return-to.ts';

/** The site's e-mail fields take what the person typed (full width folded) and ask only for an @. */
export const EMAIL_MALFORMED =
  'メールアドレスの形式が正しくありません。「name@example.com」の形式で入力してください。';

/** 「パスワードをお忘れの方」 carries the address already typed, so it need not be typed again. */
export const forgotHref = (email: string | undefined) =>
  email ? `/password_forgot?${new URLSearchParams({ email }).toString()}` : '/password_forgot';

export function loginPage(
  reply: FastifyReply,
  v: { returnTo: string; email?: string; error?: string; notice?: string; status?: number },
) {
  const content = fill('login', {
    returnTo: v.returnTo,
    email: v.email ?? '',
    forgotHref: forgotHref(v.email),
    alert: v.error ? alert('error', v.error) : alert('info', v.notice),
  });
  return sendPage(reply, { title: 'ログイン', content, status: v.status });
}

/** The login's second step: the email entered (read-only, 「変更」 back to the first step) and the password. */
export function loginPasswordPage(
  reply: FastifyReply,
  v: { returnTo: string; email: string; error?: string; status?: number },
) {
  const content = fill('loginPassword', {
    returnTo: v.returnTo,
    email: v.email,
    changeHref: `/login${returnToQuery(v.returnTo)}`,
    forgotHref: forgotHref(v.email),
    alert: alert('error', v.error),
  });
  return sendPage(reply, { title: 'ログイン', content, status: v.status });
}

export type NewPasswordForm = {
  title: string;
  lead: string;
  action: string;
  button: string;
  returnTo: string;
  email: string;
  errors: Record<string, string>;
  status?: number;
  /** Offered during login (status 2); not on the invitation link, where there is no login to cancel. */
  canCancel?: boolean;
  /** The company's look, where the member is known (the login's new-password step). */
  theme?: SiteTheme;
};

export function newPasswordPage(reply: FastifyReply, v: NewPasswordForm) {
  const hasErrors = Object.keys(v.errors).length > 0;
  const content = fill('newPassword', {
    heading: v.title,
    lead: v.lead,
    action: v.action,
    button: v.button,
    returnTo: v.returnTo,
    email: v.email,
    alert: hasErrors ? alert('error', '入力内容に誤りがあります。各項目をご確認ください。') : EMPTY,
    passwordError: fieldError('password', v.errors.password),
    passwordInvalid: invalidAttr(v.errors.password),
    confirmationError: fieldError('confirmation', v.errors.confirmation),
    confirmationInvalid: invalidAttr(v.errors.confirmation),
    cancel: v.canCancel ? cancelLoginForm(v.returnTo) : EMPTY,
  });
  const status = v.status ?? (hasErrors ? 400 : 200);
  return sendPage(reply, { title: v.title, content, status, theme: v.theme });
}
