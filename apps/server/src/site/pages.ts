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
} from './render.ts';
import { returnToQuery } from './return-to.ts';

export function loginPage(
  reply: FastifyReply,
  v: { returnTo: string; email?: string; error?: string; notice?: string; status?: number },
) {
  const content = fill('login', {
    returnTo: v.returnTo,
    email: v.email ?? '',
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
  return sendPage(reply, { title: v.title, content, status: v.status ?? (hasErrors ? 400 : 200) });
}
